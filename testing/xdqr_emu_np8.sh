#!/bin/sh
# xdqr_emu_np8.sh: Debian's xdqr on qr_np8.dat, 8 ranks (grids 1x8, 2x4,
# 4x2, 8x1) with one emulated GPU each: with GPUs, grids of up to 64
# processes put them on one process row (api/qr_call.c), each panel
# factored where its column lives (the GPUs here: HETSCAL_PANELS=device),
# tile copies forwarded along trees (the default above 4 ranks).
HETSCAL_EXPECT_FORWARDED=1 HETSCAL_EXPECT_GPU_TASKS=1 HETSCAL_POISON_MEMORY=1
HETSCAL_DEVICES=emu:1 HETSCAL_PANELS=device HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=24
export HETSCAL_EXPECT_FORWARDED HETSCAL_EXPECT_GPU_TASKS HETSCAL_POISON_MEMORY \
    HETSCAL_DEVICES HETSCAL_PANELS HETSCAL_NB_SMALL HETSCAL_NB_GPU
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdqr 8 \
    "$top_srcdir/testing/scalapack/qr_np8.dat" 48 384
