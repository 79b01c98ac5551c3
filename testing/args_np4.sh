#!/bin/sh
# args_np4.sh: hetscal's PDPOTRF against the reference on bad, borderline,
# inconsistent and valid arguments, 4 ranks on the grids 2x2, 1x3 (one rank
# outside), 3x1, 1x4, 2x1 (two outside: issue 41's PCPOTRF that never
# returned) and 1x1 (three outside).
exec sh "$top_srcdir/testing/args/run_args.sh" potrf d 4 2x2 1x3 3x1 1x4 2x1 1x1
