#!/bin/sh
# xdllt_stock_np2.sh: Debian's xdllt on ScaLAPACK's own LLT.dat, 2 ranks,
# with hetscal preloaded: 108 tests on the 1x1 grid, one rank left idle.
dat=$SCALAPACK_TESTS_DIR/LLT.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LLT.dat
[ -f "$dat" ] || { echo "no stock LLT.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 2 "$dat" 108 12
