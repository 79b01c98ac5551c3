#!/bin/sh
# Hybrid Cholesky placement and copy counts, 1 rank with 2 emulated GPUs:
# copies between the GPUs directly (peers), then through the host.
"$LAUNCH" 1 "$top_builddir/testing/t_placement" 300 32 128 64 2 1 1 || exit 1
HETSCAL_PEER_COPIES=off exec "$LAUNCH" 1 "$top_builddir/testing/t_placement" 300 32 128 64 2 1 1
