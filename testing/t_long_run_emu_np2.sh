#!/bin/sh
# The long run with 2 emulated GPUs per rank (device threads, device memory).
# Device buffers are not kept across calls here: an emulated GPU's memory
# is the host's, which this test holds flat (the cache's own bound is
# HETSCAL_KEEP_DEVICE_MEMORY's, by design).
HETSCAL_DEVICES=emu:2 HETSCAL_KEEP_DEVICE_MEMORY=0
export HETSCAL_DEVICES HETSCAL_KEEP_DEVICE_MEMORY
exec "$LAUNCH" 2 "$top_builddir/testing/t_long_run" -calls 2000
