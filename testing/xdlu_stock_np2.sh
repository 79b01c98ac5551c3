#!/bin/sh
# xdlu_stock_np2.sh: Debian's xdlu on ScaLAPACK's own LU.dat, 2 ranks, with
# hetscal preloaded: the 1x1 grid's 60 tests pass (12 PDGETRF calls, with
# PDGECON and PDGERFS on our factor), the 3 grids of 4 ranks are skipped.
dat=$SCALAPACK_TESTS_DIR/LU.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LU.dat
[ -f "$dat" ] || { echo "no stock LU.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdlu 2 "$dat" 60 12
