#!/bin/sh
# xdllt_hard_L_np4.sh: Debian's xdllt with hetscal preloaded on
# llt_hard_L.dat (lower, odd N up to 400, NB 1..64, 8 grids), 4 ranks.
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 4 \
    "$top_srcdir/testing/scalapack/llt_hard_L.dat" 2560 1840
