#!/bin/sh
# xslu_stock_np4.sh: Debian's xslu (real single precision PSGETRF) on ScaLAPACK's
# own LU.dat, 4 ranks, hetscal preloaded: grids 1x1, 2x2, 1x4, 4x1, 240
# tests, 156 verbose lines; the file's T runs the reference PsGECON and
# PsGERFS on our factor.
dat=$SCALAPACK_TESTS_DIR/LU.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LU.dat
[ -f "$dat" ] || { echo "no stock LU.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xslu 4 "$dat" 240 156
