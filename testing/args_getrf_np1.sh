#!/bin/sh
# args_getrf_np1.sh: hetscal's PDGETRF against the reference on bad,
# borderline and valid arguments and quick returns (M = 0, N = 0, M_A =
# 1), 1 rank (1x1 grid, invalid and exited contexts).
exec sh "$top_srcdir/testing/args/run_args.sh" getrf d 1 1x1
