#!/bin/sh
# Random task programs on 1 rank with 1, then 2 emulated GPUs: exact results
# and the device copy counts of the placement model (see t_runtime.c).
"$LAUNCH" 1 "$top_builddir/testing/t_runtime" 80 250 1 || exit 1
exec "$LAUNCH" 1 "$top_builddir/testing/t_runtime" 80 250 2
