#!/bin/sh
# xdlu_emu_np8.sh: Debian's xdlu on lu_np8.dat, 8 ranks with one emulated
# GPU each and a forced GPU share (LU's column tasks on the GPUs), tile
# copies forwarded along trees (the default above 4 ranks): a forwarding
# rank may hold the copy it sends on only on its GPU, and sends it from
# there (HETSCAL_GPU_MESSAGES=on: the emulated GPU's memory is the host's,
# so MPI takes it).
HETSCAL_EXPECT_FORWARDED=1 HETSCAL_POISON_MEMORY=1 HETSCAL_GPU_MESSAGES=on
HETSCAL_DEVICES=emu:1 HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=24
export HETSCAL_EXPECT_FORWARDED HETSCAL_POISON_MEMORY HETSCAL_GPU_MESSAGES HETSCAL_DEVICES \
    HETSCAL_NB_SMALL HETSCAL_NB_GPU
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdlu 8 \
    "$top_srcdir/testing/scalapack/lu_np8.dat" 48 384
