#!/bin/sh
# xdinv_stock_np4.sh: Debian's xdinv on ScaLAPACK's own INV.dat, 4 ranks
# (grids 1x1, 2x1, 1x4, 4x1), hetscal preloaded: 320 tests pass, 64 of them
# GEN (PDGETRF then PDGETRI: 16 calls x 11 ranks = 176 verbose lines).
dat=$SCALAPACK_TESTS_DIR/INV.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/INV.dat
[ -f "$dat" ] || { echo "no stock INV.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdinv 4 "$dat" 320 176
