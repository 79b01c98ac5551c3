#!/bin/sh
# xzqr_emu_np4.sh: Debian's xzqr (PZGEQRF) on qr_hard.dat (480 QR tests on 8
# grid shapes), 4 ranks, hetscal preloaded with 2 emulated GPUs per rank:
# 1380 verbose lines.  16-wide host tiles (xdqr_emu_np4 runs 8): 6 times
# fewer tasks, and PZGEQRF on the GPUs in 504 of the 1380 rank-calls.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=16 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xzqr 4 \
    "$top_srcdir/testing/scalapack/qr_hard.dat" 480 1380
