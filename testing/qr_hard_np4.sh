#!/bin/sh
# The PDGEQRF tester on testing/data/qr_hard.dat (M, N from 1 to 600, M < N
# and M > N, odd sizes, MB != NB, unaligned offsets, shifted grids up to
# 4 ranks), 4 MPI ranks.
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/qr/run_qr.sh" 4 "$top_srcdir/testing/data/qr_hard.dat"
