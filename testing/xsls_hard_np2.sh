#!/bin/sh
# xsls_hard_np2.sh: Debian's xsls (real single precision PSGELS over
# PSGEQRF) on ls_hard.dat (M > N and M < N, odd sizes, NB 1 and 16), 2
# ranks, hetscal preloaded: the grids 1x1, 1x2 and 2x1 run (288 tests, 180
# verbose lines), the larger ones are skipped.
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xsls 2 \
    "$top_srcdir/testing/scalapack/ls_hard.dat" 288 180
