#!/bin/sh
# The long run with 2 emulated GPUs per rank (device threads, device memory).
HETSCAL_DEVICES=emu:2; export HETSCAL_DEVICES
exec "$LAUNCH" 2 "$top_builddir/testing/t_long_run" -calls 2000
