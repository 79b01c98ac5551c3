#!/bin/sh
# The PDGEQRF tester on testing/data/qr_hard.dat (M, N from 1 to 600, M < N
# and M > N, odd sizes, MB != NB, unaligned offsets, shifted grids up to
# 4 ranks), 4 MPI ranks.
: "${top_srcdir:=$(dirname "$0")/..}"
# Tile blocks start as NaNs (HETSCAL_POISON_MEMORY): tile entries that
# nothing writes must not be read either.
HETSCAL_POISON_MEMORY=1; export HETSCAL_POISON_MEMORY
exec sh "$top_srcdir/testing/tester/run_qr.sh" 4 "$top_srcdir/testing/data/qr_hard.dat"
