#!/bin/sh
# xdls_hard_np2.sh: Debian's xdls (PDGELS over PDGEQRF) on ls_hard.dat
# (M > N and M < N, odd sizes, NB 1 and 16), 2 ranks: the grids 1x1, 1x2
# and 2x1 run, the larger ones are skipped.
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdls 2 \
    "$top_srcdir/testing/scalapack/ls_hard.dat"
