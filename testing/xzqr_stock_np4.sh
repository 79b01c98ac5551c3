#!/bin/sh
# xzqr_stock_np4.sh: Debian's xzqr (complex double precision QR, QL, LQ, RQ,
# QP, TZ) on ScaLAPACK's own QR.dat, 4 ranks (grids 1x1, 2x2, 1x4, 4x1),
# hetscal preloaded: 352 tests pass, 64 of them QR (208 PZGEQRF verbose
# lines).
dat=$SCALAPACK_TESTS_DIR/QR.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/QR.dat
[ -f "$dat" ] || { echo "no stock QR.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xzqr 4 "$dat" 352 208
