#!/bin/sh
# The P?POTRF tester in double complex on testing/data/llt_hard.dat (odd
# sizes, NB 1 to 93, offsets, shifted grids, both triangles, N = 1000), 4
# MPI ranks, tile blocks poisoned with NaNs as in testing/llt_hard_np4.sh;
# every call must reach hetscal.  (Single and complex take these inputs
# in Debian's testers, testing/xsllt_hard_U_np4.sh and
# testing/xcllt_hard_U_np4.sh.)
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_POISON_MEMORY=1 LLT_COUNT_CALLS=1
export HETSCAL_POISON_MEMORY LLT_COUNT_CALLS
exec sh "$top_srcdir/testing/tester/run_llt.sh" 4 -precision z \
    "$top_srcdir/testing/data/llt_hard.dat"
