#!/bin/sh
# Debian's xdllt on ScaLAPACK's own LLT.dat, 2 ranks, hetscal preloaded
# with 1 emulated GPU per rank.
dat=$SCALAPACK_TESTS_DIR/LLT.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LLT.dat
[ -f "$dat" ] || { echo "no stock LLT.dat: skipped"; exit 77; }
HETSCAL_DEVICES=emu:1 HETSCAL_NB_SMALL=16 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 2 "$dat" 108
