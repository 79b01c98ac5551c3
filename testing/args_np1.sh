#!/bin/sh
# args_np1.sh: hetscal's PDPOTRF against the reference on bad, borderline
# and valid arguments, 1 rank (1x1 grid, invalid and exited contexts).
exec sh "$top_srcdir/testing/args/run_args.sh" potrf d 1 1x1
