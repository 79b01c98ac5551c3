#!/bin/sh
# As t_device_failure_np2.sh on a 2x2 grid.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_GPU=64; export HETSCAL_DEVICES HETSCAL_NB_GPU
exec "$LAUNCH" 4 "$top_builddir/testing/t_out_of_memory" device
