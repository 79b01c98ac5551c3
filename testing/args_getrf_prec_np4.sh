#!/bin/sh
# args_getrf_prec_np4.sh: hetscal's PSGETRF, PCGETRF and PZGETRF against
# the reference on bad, borderline, inconsistent and valid arguments and
# quick returns, 4 ranks on the grids 2x2, 1x3 (one rank outside), 3x1,
# 1x4, 4x1 and 1x1 (three outside).
exec sh "$top_srcdir/testing/args/run_args.sh" getrf "s c z" 4 \
    2x2 1x3 3x1 1x4 4x1 1x1
