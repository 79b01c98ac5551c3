#!/bin/sh
# Debian's xdllt on ScaLAPACK's LLT.dat, 2 ranks, libhetscal.so preloaded
# with HETSCAL_DEVICES=cuda on the CUDA stand-in (linked into the library).
dat=$SCALAPACK_TESTS_DIR/LLT.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LLT.dat
[ -f "$dat" ] || { echo "no stock LLT.dat: skipped"; exit 77; }
HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=16 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 2 "$dat" 108
