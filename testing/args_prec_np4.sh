#!/bin/sh
# args_prec_np4.sh: hetscal's PSPOTRF, PCPOTRF, PZPOTRF, PSGEQRF, PCGEQRF
# and PZGEQRF against the reference on bad, borderline, inconsistent and
# valid arguments, 4 ranks on the grids 2x2, 1x3 (one rank outside), 3x1,
# 1x4, 4x1, 2x1 (two outside: issue 41's PCPOTRF) and 1x1 (three outside).
# Skips when libhetscal lacks one of them and nothing failed.
exec sh "$top_srcdir/testing/args/run_args.sh" "potrf geqrf" "s c z" 4 \
    2x2 1x3 3x1 1x4 4x1 2x1 1x1
