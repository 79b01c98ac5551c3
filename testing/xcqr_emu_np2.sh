#!/bin/sh
# xcqr_emu_np2.sh: Debian's xcqr (PCGEQRF) on qr_hard.dat, 2 ranks, hetscal
# preloaded with 2 emulated GPUs per rank: 180 tests, 300 verbose lines.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=8 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xcqr 2 \
    "$top_srcdir/testing/scalapack/qr_hard.dat" 180 300
