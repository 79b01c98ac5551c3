#!/bin/sh
# args_getrf_np4.sh: hetscal's PDGETRF against the reference on bad,
# borderline, inconsistent and valid arguments and quick returns, 4 ranks
# on the grids 2x2, 1x3 (one rank outside), 3x1, 1x4, 4x1 and 1x1 (three
# outside).
exec sh "$top_srcdir/testing/args/run_args.sh" getrf d 4 \
    2x2 1x3 3x1 1x4 4x1 1x1
