#!/bin/sh
# xdqr_hard_np4.sh: Debian's xdqr with hetscal preloaded on qr_hard.dat (QR
# only; M, N from 1 to 300 with M < N and M > N, MB != NB down to 1, the 8
# grids 1x1 1x2 2x1 2x2 1x3 3x1 1x4 4x1), 4 ranks: 480 tests, 60 per grid,
# 1380 PDGEQRF verbose lines (60 calls x 23 ranks over the grids).
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdqr 4 \
    "$top_srcdir/testing/scalapack/qr_hard.dat" 480 1380
