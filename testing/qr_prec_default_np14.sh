#!/bin/sh
# The P?GEQRF tester in single, complex and double complex (-precision
# s,c,z: PSGEQRF, PCGEQRF, PZGEQRF, checked with PSORMQR, PCUNMQR, PZUNMQR
# and the rest of the reference) on its built-in input, 1 then 4 MPI
# ranks; every call must reach hetscal (testing/tester/run_qr.sh).
: "${top_srcdir:=$(dirname "$0")/..}"
sh "$top_srcdir/testing/tester/run_qr.sh" 1 -precision s,c,z || exit 1
exec sh "$top_srcdir/testing/tester/run_qr.sh" 4 -precision s,c,z
