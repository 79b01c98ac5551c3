#!/bin/sh
# The P?GETRF tester on testing/data/lu_hard.dat, 4 ranks of 2 threads,
# in double precision, with the 2-D grid layout, its spread panels and
# two emulated GPUs a rank that hold every column's tiles and factor the
# panels (HETSCAL_PANELS=device): each part packs its rows on the GPU of
# the panel's tiles, and its rank's driver thread for that GPU runs it
# there (engine.h, driven device tasks; kernels/lu_spread_device.h),
# exchanging a record a column with the other parts, then unpacks them;
# operations complete up to 20 us late, in varying orders (shorter
# delays than the emulator's default: a part waits for its device twice
# a column).  IPIV must equal the reference's; some calls must have
# taken the spread layout (grids of one process row do not).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_LU_GRID=1 HETSCAL_LU_SPREAD=1 HETSCAL_DEVICES=emu:2 HETSCAL_PANELS=device
HETSCAL_NB_SMALL=16 HETSCAL_NB_GPU=32 HETSCAL_EMU_DELAY_US=20 HETSCAL_POISON_MEMORY=1
HETSCAL_NUM_THREADS=2 HETSCAL_EXPECT_LAYOUT=grid_spread
: "${HETSCAL_TEST_TIMEOUT:=1500}"
export HETSCAL_EXPECT_LAYOUT HETSCAL_LU_GRID HETSCAL_LU_SPREAD HETSCAL_DEVICES HETSCAL_PANELS HETSCAL_NB_SMALL \
    HETSCAL_NB_GPU HETSCAL_EMU_DELAY_US HETSCAL_POISON_MEMORY HETSCAL_NUM_THREADS \
    HETSCAL_TEST_TIMEOUT
sh "$top_srcdir/testing/tester/run_lu.sh" 4 -precision d \
    "$top_srcdir/testing/data/lu_hard.dat" || exit 1
# One-thread ranks, one emulated GPU each: the calling thread runs the
# communication loop, and the parts, on the GPUs' driver threads, wait
# for it to post their records (only the poller's thread polls).
HETSCAL_DEVICES=emu:1 HETSCAL_NUM_THREADS=1
export HETSCAL_DEVICES HETSCAL_NUM_THREADS
unset HETSCAL_NB_SMALL HETSCAL_NB_GPU
exec sh "$top_srcdir/testing/tester/run_lu.sh" 4 "$top_srcdir/testing/data/lu_spread.dat"
