#!/bin/sh
# xcqr_hard_np4.sh: Debian's xcqr (complex single precision PCGEQRF) on
# qr_hard.dat, 4 ranks, hetscal preloaded: the 8 grids 1x1 1x2 2x1 2x2 1x3
# 3x1 1x4 4x1, 480 tests, 1380 verbose lines (60 calls x 23 ranks over the
# grids).
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xcqr 4 \
    "$top_srcdir/testing/scalapack/qr_hard.dat" 480 1380
