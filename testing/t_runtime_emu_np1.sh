#!/bin/sh
# Random task programs on 1 rank with 1, then 2 emulated GPUs: exact results
# and the device copy counts of the placement model (see t_runtime.c); with
# 2, copies between them directly (peers), then through the host.
"$LAUNCH" 1 "$top_builddir/testing/t_runtime" 80 250 1 || exit 1
"$LAUNCH" 1 "$top_builddir/testing/t_runtime" 80 250 2 || exit 1
HETSCAL_PEER_COPIES=off exec "$LAUNCH" 1 "$top_builddir/testing/t_runtime" 80 250 2
