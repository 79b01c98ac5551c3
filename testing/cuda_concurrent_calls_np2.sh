#!/bin/sh
# Two threads per process calling at once, HETSCAL_DEVICES=cuda on the CUDA
# stand-in: one call at a time holds the GPU, the other runs on the host.
HETSCAL_DEVICES=cuda; export HETSCAL_DEVICES
exec "$LAUNCH" 2 "$top_builddir/testing/t_concurrent_calls"
