#!/bin/sh
# xdlu_stock_np1.sh: Debian's xdlu on ScaLAPACK's own LU.dat, 1 rank, with
# hetscal preloaded: the 1x1 grid's 60 tests pass (12 PDGETRF calls, then
# PDGETRS, and PDGECON and PDGERFS: the file's last line is T); the 3
# grids of 4 ranks are skipped.
dat=$SCALAPACK_TESTS_DIR/LU.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LU.dat
[ -f "$dat" ] || { echo "no stock LU.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdlu 1 "$dat" 60 12
