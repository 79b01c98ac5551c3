#!/bin/sh
# xdllt_stock_np1.sh: Debian's xdllt on ScaLAPACK's own LLT.dat, 1 rank, with
# hetscal preloaded: the 1x1 grid's 108 tests pass (3 grids need 4 ranks).
dat=$SCALAPACK_TESTS_DIR/LLT.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LLT.dat
[ -f "$dat" ] || { echo "no stock LLT.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 1 "$dat" 108 12
