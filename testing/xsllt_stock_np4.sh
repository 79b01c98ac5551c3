#!/bin/sh
# xsllt_stock_np4.sh: Debian's xsllt (real single precision PSPOTRF) on
# ScaLAPACK's own LLT.dat, 4 ranks, hetscal preloaded: grids 1x1, 2x2, 1x4,
# 4x1, 432 tests, 156 PSPOTRF verbose lines.  Condition estimation is turned
# off (HETSCAL_XDLLT_EST=F): with it the reference PSPORFS deadlocks on the
# 2x2 grid by itself (its PSLACON takes different branches on different
# ranks: some wait in PSAMAX, others in PSASUM).
exec sh "$top_srcdir/testing/scalapack/run_xllt_stock.sh" s
