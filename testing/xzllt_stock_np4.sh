#!/bin/sh
# xzllt_stock_np4.sh: Debian's xzllt (complex double precision PZPOTRF) on
# ScaLAPACK's own LLT.dat, 4 ranks, hetscal preloaded: grids 1x1, 2x2, 1x4,
# 4x1, 432 tests, 156 PZPOTRF verbose lines.  Condition estimation is turned
# off: the reference PZPORFS deadlocks there by itself.
dat=$SCALAPACK_TESTS_DIR/LLT.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LLT.dat
[ -f "$dat" ] || { echo "no stock LLT.dat: skipped"; exit 77; }
HETSCAL_XDLLT_EST=F
export HETSCAL_XDLLT_EST
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xzllt 4 "$dat" 432 156
