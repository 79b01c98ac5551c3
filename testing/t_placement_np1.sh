#!/bin/sh
# Hybrid Cholesky placement and copy counts, 1 rank with 2 emulated GPUs.
exec "$LAUNCH" 1 "$top_builddir/testing/t_placement" 300 32 128 64 2 1 1
