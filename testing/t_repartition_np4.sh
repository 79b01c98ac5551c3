#!/bin/sh
# Block-cyclic <-> hybrid tile repartition on 4 rank(s): 1xP, Px1 and 2x2 grids, row- and
# column-major, mapped onto reversed ranks, two disjoint grids at once.
# T_REPARTITION_CASES: random cases per grid (the sanitizer stages of
# .ci/run take fewer; the program's default otherwise).
exec "$LAUNCH" 4 "$top_builddir/testing/t_repartition" ${T_REPARTITION_CASES:-}
