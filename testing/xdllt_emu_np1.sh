#!/bin/sh
# Debian's xdllt on ScaLAPACK's own LLT.dat, 1 rank, hetscal preloaded
# with 2 emulated GPUs.
dat=$SCALAPACK_TESTS_DIR/LLT.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LLT.dat
[ -f "$dat" ] || { echo "no stock LLT.dat: skipped"; exit 77; }
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=8 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 1 "$dat" 108
