#!/bin/sh
# Two threads per process calling at once with two emulated GPUs per
# process: one call at a time holds the devices, the other runs on the
# host; both right.
HETSCAL_DEVICES=emu:2; export HETSCAL_DEVICES
exec "$LAUNCH" 2 "$top_builddir/testing/t_concurrent_calls"
