#!/bin/sh
# Allocations failing mid-call on one rank, with 2 emulated GPUs per rank
# (device copies of a tile there is no host memory for), 2x2 grid.
HETSCAL_DEVICES=emu:2; export HETSCAL_DEVICES
exec "$LAUNCH" 4 "$top_builddir/testing/t_out_of_memory"
