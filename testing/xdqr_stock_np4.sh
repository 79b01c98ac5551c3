#!/bin/sh
# xdqr_stock_np4.sh: Debian's xdqr on ScaLAPACK's own QR.dat, 4 ranks (grids
# 1x1, 2x2, 1x4, 4x1), with hetscal preloaded: 352 tests pass, 64 of them
# QR (16 PDGEQRF calls on 1 rank + 48 on 4 ranks = 208 verbose lines).
dat=$SCALAPACK_TESTS_DIR/QR.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/QR.dat
[ -f "$dat" ] || { echo "no stock QR.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdqr 4 "$dat" 352 208
