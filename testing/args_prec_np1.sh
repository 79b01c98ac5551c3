#!/bin/sh
# args_prec_np1.sh: hetscal's PSPOTRF, PCPOTRF, PZPOTRF, PSGEQRF, PCGEQRF
# and PZGEQRF against the reference on the cases of args_np1.sh and
# args_qr_np1.sh (one source for the four precisions), 1 rank.  Skips when
# libhetscal lacks one of them and nothing failed.
exec sh "$top_srcdir/testing/args/run_args.sh" "potrf geqrf" "s c z" 1 1x1
