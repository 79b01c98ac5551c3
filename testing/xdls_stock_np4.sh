#!/bin/sh
# xdls_stock_np4.sh: Debian's xdls (PDGELS, whose QR-based solves call
# PDGEQRF) on ScaLAPACK's own LS.dat, 4 ranks (grids 1x1, 4x1 and 2x2 fit),
# with hetscal preloaded.
dat=$SCALAPACK_TESTS_DIR/LS.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LS.dat
[ -f "$dat" ] || { echo "no stock LS.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdls 4 "$dat"
