#!/bin/sh
# Block-cyclic <-> hybrid tile repartition on 4 rank(s): 1xP, Px1 and 2x2 grids, row- and
# column-major, mapped onto reversed ranks, two disjoint grids at once.
exec "$LAUNCH" 4 "$top_builddir/testing/t_repartition"
