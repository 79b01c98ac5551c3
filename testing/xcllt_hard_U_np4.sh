#!/bin/sh
# xcllt_hard_U_np4.sh: Debian's xcllt (complex single precision PCPOTRF) on
# llt_hard_U.dat (upper, N up to 301, NB 1..64, 8 grids), 4 ranks, hetscal
# preloaded: 2560 tests, 1840 verbose lines.
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xcllt 4 \
    "$top_srcdir/testing/scalapack/llt_hard_U.dat" 2560 1840
