#!/bin/sh
# xdllt_hard_U_np4.sh: Debian's xdllt with hetscal preloaded on
# llt_hard_U.dat (upper, N up to 301, NB 1..64, 8 grids), 4 ranks.
# Tile blocks start as NaNs (HETSCAL_POISON_MEMORY): tile entries that
# nothing writes must not be read either.
HETSCAL_POISON_MEMORY=1; export HETSCAL_POISON_MEMORY
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 4 \
    "$top_srcdir/testing/scalapack/llt_hard_U.dat" 2560 1840
