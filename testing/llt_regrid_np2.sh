#!/bin/sh
# Grids of different shapes created and freed in turn on 2 ranks: the grid
# cache must agree on reuse across ranks (a context number reused on one
# rank only once made the next call hang).
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/tester/run_llt.sh" 2 "$top_srcdir/testing/data/llt_regrid.dat"
