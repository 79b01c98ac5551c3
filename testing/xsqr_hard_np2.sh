#!/bin/sh
# xsqr_hard_np2.sh: Debian's xsqr (real single precision PSGEQRF) on
# qr_hard.dat (QR only, odd M and N up to 300, MB != NB down to 1), 2 ranks,
# hetscal preloaded: the grids 1x1, 1x2, 2x1 run (180 tests, 60 calls x 5
# ranks = 300 verbose lines), the 5 larger ones are skipped.
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xsqr 2 \
    "$top_srcdir/testing/scalapack/qr_hard.dat" 180 300
