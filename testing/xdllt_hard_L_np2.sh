#!/bin/sh
# xdllt_hard_L_np2.sh: llt_hard_L.dat on 2 ranks with hetscal preloaded:
# the grids 1x1, 1x2, 2x1 run (960 tests), the 5 larger ones are skipped.
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 2 \
    "$top_srcdir/testing/scalapack/llt_hard_L.dat" 960 400
