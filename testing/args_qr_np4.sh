#!/bin/sh
# args_qr_np4.sh: hetscal's PDGEQRF against the reference on bad, borderline,
# inconsistent and valid arguments, 4 ranks on the grids 2x2, 1x3 (one rank
# outside), 3x1, 1x4, 4x1 and 1x1 (three outside).
exec sh "$top_srcdir/testing/args/run_args.sh" geqrf d 4 \
    2x2 1x3 3x1 1x4 4x1 1x1
