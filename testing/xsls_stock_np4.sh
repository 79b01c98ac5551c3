#!/bin/sh
# xsls_stock_np4.sh: Debian's xsls (real single precision PSGELS, whose
# QR-based solves call PSGEQRF) on ScaLAPACK's own LS.dat, 4 ranks (grids
# 1x1, 4x1 and 2x2 fit), hetscal preloaded: 1152 tests, 1872 verbose lines.
dat=$SCALAPACK_TESTS_DIR/LS.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LS.dat
[ -f "$dat" ] || { echo "no stock LS.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xsls 4 "$dat" 1152 1872
