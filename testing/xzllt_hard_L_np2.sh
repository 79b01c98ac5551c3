#!/bin/sh
# xzllt_hard_L_np2.sh: Debian's xzllt (complex double precision PZPOTRF) on
# llt_hard_L.dat, 2 ranks, hetscal preloaded: the grids 1x1, 1x2, 2x1 run,
# the 5 larger ones are skipped.  921 tests and 392 verbose lines, not
# xdllt's 960 and 400: xzllt's fixed work array (TOTMEM, 2 MB per process)
# is too small for N = 400 in complex*16 on 1x1 (8 factorizations, 32 tests)
# and with NB = 64 on 1x2 and 2x1 (7 solves), which the reference skips too.
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xzllt 2 \
    "$top_srcdir/testing/scalapack/llt_hard_L.dat" 921 392
