#!/bin/sh
# xzllt_emu_np4.sh: Debian's xzllt (PZPOTRF) on llt_hard_U.dat, 4 ranks,
# hetscal preloaded with 2 emulated GPUs per rank: 2556 tests, 1839 verbose
# lines (N = 301 with NB = 64 on 1x1 is too large for xzllt's work array,
# see xzllt_hard_U_np4.sh).
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=16 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xzllt 4 \
    "$top_srcdir/testing/scalapack/llt_hard_U.dat" 2556 1839
