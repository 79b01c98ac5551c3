#!/bin/sh
# xdinv_stock_np1.sh: Debian's xdinv on ScaLAPACK's own INV.dat, 1 rank,
# hetscal preloaded: PDGETRI inverts PDGETRF's factor of the 'GEN' matrices
# (its 'UPD' and 'LPD' ones run hetscal's PDPOTRF, then PDPOTRI), the 1x1
# grid's 80 tests pass, 16 of them GEN (16 PDGETRF verbose lines); the 3
# grids of 2 and 4 ranks are skipped.
dat=$SCALAPACK_TESTS_DIR/INV.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/INV.dat
[ -f "$dat" ] || { echo "no stock INV.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdinv 1 "$dat" 80 16
