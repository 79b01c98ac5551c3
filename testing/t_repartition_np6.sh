#!/bin/sh
# Block-cyclic <-> hybrid tile repartition on 6 rank(s): the grids of 5 and
# 6 processes (2x3, 3x2, 1x6 and 6x1), row- and column-major, mapped onto
# reversed ranks; the smaller grids' cases are t_repartition_np4.sh's.
exec "$LAUNCH" 6 "$top_builddir/testing/t_repartition" -1 0 5
