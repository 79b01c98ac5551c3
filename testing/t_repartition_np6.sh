#!/bin/sh
# Block-cyclic <-> hybrid tile repartition on 6 rank(s): grids up to 2x3, 3x2, 1x6 and 6x1,
# row- and column-major, mapped onto reversed ranks, two disjoint grids at once.
exec "$LAUNCH" 6 "$top_builddir/testing/t_repartition"
