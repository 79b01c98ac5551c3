#!/bin/sh
# The P?GETRF tester on singular matrices (testing/data/lu_singular.dat:
# U(J,J) exactly zero for J first, two thirds down and last), in double
# then in S, C and Z, 4 MPI ranks: INFO must be J and equal the reference
# P?GETRF's, IPIV must equal the reference's, and the factor must still
# reproduce A (||A - PLU||).
: "${top_srcdir:=$(dirname "$0")/..}"
sh "$top_srcdir/testing/tester/run_lu.sh" 4 "$top_srcdir/testing/data/lu_singular.dat" || exit 1
exec sh "$top_srcdir/testing/tester/run_lu.sh" 4 -precision s,c,z \
    "$top_srcdir/testing/data/lu_singular.dat"
