#!/bin/sh
# xzlu_emu_np4.sh: Debian's xzlu (PZGETRF) on ScaLAPACK's own LU.dat, 4
# ranks, hetscal preloaded with 2 emulated GPUs per rank and a forced GPU
# share of the columns (their updates run on the GPUs): 240 tests, 156
# verbose lines, PZGECON and PZGERFS on our factor (the file's T).
dat=$SCALAPACK_TESTS_DIR/LU.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LU.dat
[ -f "$dat" ] || { echo "no stock LU.dat: skipped"; exit 77; }
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=24 HETSCAL_POISON_MEMORY=1 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xzlu 4 "$dat" 240 156
