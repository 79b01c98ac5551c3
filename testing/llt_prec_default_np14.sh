#!/bin/sh
# The P?POTRF tester in single, complex and double complex (-precision
# s,c,z: PSPOTRF, PCPOTRF, PZPOTRF) on its built-in input, 1 then 4 MPI
# ranks, with the complex special cases (imaginary parts on the diagonal
# against the reference PCPOTRF/PZPOTRF, a NaN pivot); hetscal's verbose
# lines must show every call (LLT_COUNT_CALLS).
: "${top_srcdir:=$(dirname "$0")/..}"
LLT_COUNT_CALLS=1; export LLT_COUNT_CALLS
sh "$top_srcdir/testing/tester/run_llt.sh" 1 -precision s,c,z || exit 1
exec sh "$top_srcdir/testing/tester/run_llt.sh" 4 -precision s,c,z
