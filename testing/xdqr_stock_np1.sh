#!/bin/sh
# xdqr_stock_np1.sh: Debian's xdqr on ScaLAPACK's own QR.dat, 1 rank, with
# hetscal preloaded: the 1x1 grid's 88 tests pass (16 of them QR, one
# PDGEQRF call each; 3 grids need 4 ranks).
dat=$SCALAPACK_TESTS_DIR/QR.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/QR.dat
[ -f "$dat" ] || { echo "no stock QR.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdqr 1 "$dat" 88 16
