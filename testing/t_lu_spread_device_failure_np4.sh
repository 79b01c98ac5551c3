#!/bin/sh
# An emulated GPU that fails for good mid-call (t_device_failure_np2.sh) on
# one rank of a 2x2 grid while P?GETRF's panels are spread over their
# process column on the GPUs (HETSCAL_LU_SPREAD=1, HETSCAL_PANELS=device):
# a part driving the failed GPU sends the error with its next record, so
# that no part waits for one that stopped (kernels/lu_spread_panel.h),
# and the other tasks on it fail as any device task does.  Every rank
# returns INFO = HETSCAL_ERR_DEVICE, none hangs, and the next call gives
# the clean factor bit for bit; about 24 failure points a rank.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=48 HETSCAL_NB_GPU=96 HETSCAL_PANELS=device
HETSCAL_LU_GRID=1 HETSCAL_LU_SPREAD=1 HETSCAL_EMU_DELAY_US=20 T_OOM_ROUTINE=PDGETRF
T_OOM_CALLS=24
export HETSCAL_DEVICES HETSCAL_NB_SMALL HETSCAL_NB_GPU HETSCAL_PANELS HETSCAL_LU_GRID \
    HETSCAL_LU_SPREAD HETSCAL_EMU_DELAY_US T_OOM_ROUTINE T_OOM_CALLS
exec "$LAUNCH" 4 "$top_builddir/testing/t_out_of_memory" device
