#!/bin/sh
# xdlu_hard_np4.sh: Debian's xdlu (PDGETRF) on lu_hard.dat, 4 ranks,
# hetscal preloaded: the 8 grids 1x1 1x2 2x1 1x3 3x1 1x4 4x1 2x2, 800 tests
# (100 per grid); 36 of the 40 calls per grid (not M = 1) print a verbose
# line: 36 x 23 ranks = 828 lines.
# Condition estimation and iterative refinement are turned off
# (HETSCAL_XDLU_EST=F): on 1x3, 1x4 and 2x2 the reference P?GERFS, on
# the reference P?GETRF's factor as well (no hetscal), now and then
# deadlocks or stops with 'On entry to P?GETRS parameter number 1' (its
# P?LACON leaves the processes at different steps; N = 131 on 1x3 and 2x2
# fails every time).
HETSCAL_XDLU_EST=F
export HETSCAL_XDLU_EST
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdlu 4 \
    "$top_srcdir/testing/scalapack/lu_hard.dat" 800 828
