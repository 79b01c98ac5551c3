#!/bin/sh
# xcllt_stock_np4.sh: Debian's xcllt (complex single precision PCPOTRF) on
# ScaLAPACK's own LLT.dat, 4 ranks, hetscal preloaded: grids 1x1, 2x2, 1x4,
# 4x1, 432 tests, 156 PCPOTRF verbose lines.  Condition estimation is turned
# off (HETSCAL_XDLLT_EST=F), as for every x?llt run on several ranks: the
# reference P?PORFS can deadlock there (PSPORFS does on this file's 2x2
# grid; PCPORFS did not in two tries).
exec sh "$top_srcdir/testing/scalapack/run_xllt_stock.sh" c
