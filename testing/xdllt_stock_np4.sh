#!/bin/sh
# xdllt_stock_np4.sh: Debian's xdllt on ScaLAPACK's own LLT.dat, 4 ranks,
# hetscal preloaded: grids 1x1, 2x2, 1x4, 4x1, 432 tests.  Condition
# estimation is turned off: the reference PDPORFS deadlocks there by itself.
exec sh "$top_srcdir/testing/scalapack/run_xllt_stock.sh" d
