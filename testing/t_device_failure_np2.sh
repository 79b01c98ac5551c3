#!/bin/sh
# A GPU that fails for good mid-call (a sticky error: its queued callbacks
# never run), emulated, on one rank of a 1x2 grid, at every k-th device
# operation in turn: every rank returns INFO = HETSCAL_ERR_DEVICE, none
# hangs, and the next call gives the clean factor bit for bit.  The GPU
# panel width is fixed: fresh devices measure their rate again.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_GPU=64; export HETSCAL_DEVICES HETSCAL_NB_GPU
exec "$LAUNCH" 2 "$top_builddir/testing/t_out_of_memory" device
