#!/bin/sh
# Random task programs, 2 ranks with 2 emulated GPUs each.
exec "$LAUNCH" 2 "$top_builddir/testing/t_runtime" 120 250 2
