#!/bin/sh
# The long run with 2 emulated GPUs per rank (device threads, device memory).
# Device buffers are not kept across calls here: an emulated GPU's memory
# is the host's, which this test holds flat (the cache's own bound is
# HETSCAL_KEEP_DEVICE_MEMORY's, by design).
HETSCAL_DEVICES=emu:2 HETSCAL_KEEP_DEVICE_MEMORY=0
export HETSCAL_DEVICES HETSCAL_KEEP_DEVICE_MEMORY
# The kernel rates are given: a fresh rates file's probe (threads and
# BLAS buffers of its own, once per machine) would otherwise run when the
# first call large enough for it comes, maybe after the warm-up, and its
# one-time memory would read as growth.
HETSCAL_KERNEL_RATES=${HETSCAL_KERNEL_RATES:-128:20,256:25,512:28}
export HETSCAL_KERNEL_RATES
exec "$LAUNCH" 2 "$top_builddir/testing/t_long_run" -calls 2000
