#!/bin/sh
# The long run with 2 emulated GPUs per rank (device threads, device memory).
# Device buffers are not kept across calls here: an emulated GPU's memory
# is the host's, which this test holds flat (the cache's own bound is
# HETSCAL_KEEP_DEVICE_MEMORY's, by design).
HETSCAL_DEVICES=emu:2 HETSCAL_KEEP_DEVICE_MEMORY=0
export HETSCAL_DEVICES HETSCAL_KEEP_DEVICE_MEMORY
# What the probes would measure is given (kernel rates, cache size; the
# panels stay on the GPUs, testing/launch): this test checks what the calls leave behind, and a
# probe's one-time memory (its threads, BLAS buffers, the emulated GPUs'
# arena pages it first touches) could come after the warm-up and read as
# growth.  In CI, with a fresh rates file shared by concurrent tests, RSS
# grew 15 MiB after the warm-up (malloc's bytes in use flat) without them.
HETSCAL_KERNEL_RATES=${HETSCAL_KERNEL_RATES:-128:20,256:25,512:28}
HETSCAL_CACHE_KB=${HETSCAL_CACHE_KB:-32768}
export HETSCAL_KERNEL_RATES HETSCAL_CACHE_KB
exec "$LAUNCH" 2 "$top_builddir/testing/t_long_run" -calls 2000
