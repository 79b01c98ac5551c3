#!/bin/sh
# The PDGETRF tester on testing/data/lu_hard.dat (M, N up to 600, M < N and
# M > N, odd sizes, NB from 1 to larger than the matrix, offsets, shifted
# grids up to 4 ranks), 4 MPI ranks.
: "${top_srcdir:=$(dirname "$0")/..}"
# Tile blocks start as NaNs (HETSCAL_POISON_MEMORY): tile entries that
# nothing writes must not be read either.
HETSCAL_POISON_MEMORY=1; export HETSCAL_POISON_MEMORY
exec sh "$top_srcdir/testing/tester/run_lu.sh" 4 "$top_srcdir/testing/data/lu_hard.dat"
