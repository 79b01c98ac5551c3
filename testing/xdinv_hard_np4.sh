#!/bin/sh
# xdinv_hard_np4.sh: Debian's xdinv on inv_hard.dat (general matrices only:
# PDGETRF then PDGETRI, N 1 and odd up to 97, NB 1, 3, 16 and 200 > N, the
# 8 grids up to 4 ranks), 4 ranks, hetscal preloaded: 192 tests (24 per
# grid); N = 1 is a quick return without a verbose line: 20 calls per grid
# x 23 ranks = 460 lines.
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdinv 4 \
    "$top_srcdir/testing/scalapack/inv_hard.dat" 192 460
