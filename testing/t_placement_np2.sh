#!/bin/sh
# Hybrid Cholesky placement and copy counts, 1x2 grid, 2 emulated GPUs each.
exec "$LAUNCH" 2 "$top_builddir/testing/t_placement" 333 32 128 72 2 1 2
