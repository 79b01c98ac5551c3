#!/bin/sh
# xdqr_stock_np2.sh: Debian's xdqr on ScaLAPACK's own QR.dat, 2 ranks (only
# the 1x1 grid fits: one rank idle), with hetscal preloaded.
dat=$SCALAPACK_TESTS_DIR/QR.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/QR.dat
[ -f "$dat" ] || { echo "no stock QR.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdqr 2 "$dat" 88 16
