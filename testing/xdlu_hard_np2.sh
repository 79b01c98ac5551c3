#!/bin/sh
# xdlu_hard_np2.sh: Debian's xdlu (PDGETRF) on lu_hard.dat (odd M and N
# up to 131, M < N and M > N, NB 1, 3, 16 and 200 > M, N), 2 ranks, hetscal
# preloaded: the grids 1x1, 1x2, 2x1 run (300 tests: 100 per grid), the 5
# larger ones are skipped; 40 calls per grid, 4 of them (M = 1) quick
# returns without a verbose line: 36 x 5 ranks = 180 lines.  The file's T:
# the reference PDGECON and PDGERFS run on our factor (they pass on these
# grids; see xdlu_hard_np4.sh).
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdlu 2 \
    "$top_srcdir/testing/scalapack/lu_hard.dat" 300 180
