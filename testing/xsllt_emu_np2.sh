#!/bin/sh
# xsllt_emu_np2.sh: Debian's xsllt (PSPOTRF) on llt_hard_L.dat, 2 ranks,
# hetscal preloaded with 2 emulated GPUs per rank: 960 tests, 400 verbose
# lines.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=16 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xsllt 2 \
    "$top_srcdir/testing/scalapack/llt_hard_L.dat" 960 400
