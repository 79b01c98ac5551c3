#!/bin/sh
# args_qr_np1.sh: hetscal's PDGEQRF against the reference on bad, borderline
# and valid arguments (INFO, WORK(1), A and TAU), 1 rank (1x1 grid, invalid
# and exited contexts).
exec sh "$top_srcdir/testing/args/run_args.sh" geqrf d 1 1x1
