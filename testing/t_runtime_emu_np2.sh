#!/bin/sh
# Random task programs, 2 ranks with 1, then 2 emulated GPUs each.
"$LAUNCH" 2 "$top_builddir/testing/t_runtime" 80 250 1 || exit 1
exec "$LAUNCH" 2 "$top_builddir/testing/t_runtime" 80 250 2
