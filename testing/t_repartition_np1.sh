#!/bin/sh
# Block-cyclic <-> hybrid tile repartition on 1 rank(s): the 1x1 grid (row-major, and mapped).
exec "$LAUNCH" 1 "$top_builddir/testing/t_repartition"
