#!/bin/sh
# The PDPOTRF tester on testing/data/llt_hard.dat (odd sizes, NB 1 to 93,
# offsets, shifted grids, both triangles), 2 MPI ranks.
# top_srcdir comes from make check; by hand it is this script's parent.
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/tester/run_llt.sh" 2 "$top_srcdir/testing/data/llt_hard.dat"
