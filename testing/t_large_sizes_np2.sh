#!/bin/sh
# Sizes past 2^31 on a 1 x 2 grid: the repartition's MPI_Alltoallv rounds
# between the two ranks.
exec "$LAUNCH" 2 "$top_builddir/testing/t_large_sizes"
