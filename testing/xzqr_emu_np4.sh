#!/bin/sh
# xzqr_emu_np4.sh: Debian's xzqr (PZGEQRF) on qr_hard.dat (480 QR tests on 8
# grid shapes), 4 ranks, hetscal preloaded with 2 emulated GPUs per rank:
# 1380 verbose lines.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=8 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xzqr 4 \
    "$top_srcdir/testing/scalapack/qr_hard.dat" 480 1380
