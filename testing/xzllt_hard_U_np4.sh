#!/bin/sh
# xzllt_hard_U_np4.sh: Debian's xzllt (complex double precision PZPOTRF) on
# llt_hard_U.dat (upper, N up to 301, NB 1..64, 8 grids), 4 ranks, hetscal
# preloaded: 2556 tests and 1839 verbose lines, not xdllt's 2560 and 1840:
# xzllt's fixed work array (TOTMEM, 2 MB per process) is too small for
# N = 301 with NB = 64 on 1x1 in complex*16 (one factorization, 4 tests),
# which the reference skips too.
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xzllt 4 \
    "$top_srcdir/testing/scalapack/llt_hard_U.dat" 2556 1839
