#!/bin/sh
# Random task programs, 4 ranks with 1, then 2 emulated GPUs each.
"$LAUNCH" 4 "$top_builddir/testing/t_runtime" 60 250 1 || exit 1
exec "$LAUNCH" 4 "$top_builddir/testing/t_runtime" 60 250 2
