#!/bin/sh
# xdllt_emu_np8.sh: Debian's xdllt on llt_np8.dat, 8 ranks with one
# emulated GPU each and forced GPU columns, P?POTRF's tile copies
# forwarded along chains (its default above 4 ranks): a forwarding rank
# may hold the copy it sends on only on its GPU, and sends it from there
# (HETSCAL_GPU_MESSAGES=on: the emulated GPU's memory is the host's, so
# MPI takes it); the panels on the GPUs.
HETSCAL_EXPECT_FORWARDED=1 HETSCAL_POISON_MEMORY=1 HETSCAL_GPU_MESSAGES=on
HETSCAL_DEVICES=emu:1 HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=24 HETSCAL_PANELS=device
export HETSCAL_EXPECT_FORWARDED HETSCAL_POISON_MEMORY HETSCAL_GPU_MESSAGES HETSCAL_DEVICES \
    HETSCAL_NB_SMALL HETSCAL_NB_GPU HETSCAL_PANELS
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 8 \
    "$top_srcdir/testing/scalapack/llt_np8.dat" 48 384
