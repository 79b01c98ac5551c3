#!/bin/sh
# The PDGETRF tester on its built-in input (odd sizes, M < N and M > N,
# NB 1, 3 and larger than the matrix, offsets, shifted grids, every grid
# of up to 4 ranks), 1 then 4 MPI ranks; INFO, IPIV (against the
# reference PDGETRF's), ||A - PLU|| and PDGETRS solves are checked, and
# every call must reach hetscal (testing/tester/run_lu.sh).
: "${top_srcdir:=$(dirname "$0")/..}"
sh "$top_srcdir/testing/tester/run_lu.sh" 1 || exit 1
exec sh "$top_srcdir/testing/tester/run_lu.sh" 4
