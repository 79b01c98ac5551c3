#!/bin/sh
# The PDPOTRF tester on testing/data/llt_hard.dat with the two-level tile
# layout (40-high tile rows cut into 16, 16 and 8 wide panels: the geometry
# that GPU columns use), 4 MPI ranks.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_NB=40 HETSCAL_NB_SMALL=16
export HETSCAL_NB HETSCAL_NB_SMALL
exec sh "$top_srcdir/testing/tester/run_llt.sh" 4 "$top_srcdir/testing/data/llt_hard.dat"
