#!/bin/sh
# xdlu_stock_np4.sh: Debian's xdlu on ScaLAPACK's own LU.dat, 4 ranks (grids
# 1x1, 2x2, 1x4, 4x1), with hetscal preloaded: 240 tests pass (12 PDGETRF
# calls per grid x 13 ranks = 156 verbose lines), condition estimation and
# iterative refinement (the file's T: the reference PDGECON and PDGERFS on
# our factor) included.
dat=$SCALAPACK_TESTS_DIR/LU.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LU.dat
[ -f "$dat" ] || { echo "no stock LU.dat: skipped"; exit 77; }
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdlu 4 "$dat" 240 156
