#!/bin/sh
# run_xllt_stock.sh PREC: Debian's x<PREC>llt (P<PREC>POTRF, PREC one of s,
# d, c, z) on ScaLAPACK's own LLT.dat, 4 ranks, hetscal preloaded: grids
# 1x1, 2x2, 1x4, 4x1, 432 tests, 156 verbose lines.  Condition estimation
# is turned off (HETSCAL_XDLLT_EST=F), as for every x?llt run on several
# ranks: the reference P?PORFS can deadlock there (the x?llt_stock_np4.sh
# wrappers say where).  77 (skip) without the stock LLT.dat.
dat=$SCALAPACK_TESTS_DIR/LLT.dat
[ -f "$dat" ] || dat=/usr/share/scalapack/LLT.dat
[ -f "$dat" ] || { echo "no stock LLT.dat: skipped"; exit 77; }
HETSCAL_XDLLT_EST=F
export HETSCAL_XDLLT_EST
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" "x${1}llt" 4 "$dat" 432 156
