#!/bin/sh
# Debian's xdllt on llt_hard_L.dat, 4 ranks, hetscal preloaded with 2
# emulated GPUs per rank.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=16 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 4 \
    "$top_srcdir/testing/scalapack/llt_hard_L.dat"
