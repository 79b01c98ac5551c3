#!/bin/sh
# xcllt_hard_L_np2.sh: Debian's xcllt (complex single precision PCPOTRF) on
# llt_hard_L.dat, 2 ranks, hetscal preloaded: the grids 1x1, 1x2, 2x1 run
# (960 tests, 400 verbose lines), the 5 larger ones are skipped.
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xcllt 2 \
    "$top_srcdir/testing/scalapack/llt_hard_L.dat" 960 400
