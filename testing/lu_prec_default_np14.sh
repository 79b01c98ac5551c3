#!/bin/sh
# The P?GETRF tester in single, complex and double complex (-precision
# s,c,z: PSGETRF, PCGETRF, PZGETRF against the reference's IPIV, checked
# with PSLASWP, PCGETRS and the rest of the reference) on its built-in
# input, 1 then 4 MPI ranks; every call must reach hetscal
# (testing/tester/run_lu.sh).
: "${top_srcdir:=$(dirname "$0")/..}"
sh "$top_srcdir/testing/tester/run_lu.sh" 1 -precision s,c,z || exit 1
exec sh "$top_srcdir/testing/tester/run_lu.sh" 4 -precision s,c,z
