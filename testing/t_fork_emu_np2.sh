#!/bin/sh
# Forks with 2 emulated GPUs per rank (their management, copy and stream
# threads are the parent's too).
HETSCAL_NUM_THREADS=2 HETSCAL_DEVICES=emu:2; export HETSCAL_NUM_THREADS HETSCAL_DEVICES
exec "$LAUNCH" 2 "$top_builddir/testing/t_fork"
