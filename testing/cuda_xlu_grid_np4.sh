#!/bin/sh
# Debian's xdlu and xzlu (PDGETRF, PZGETRF) on lu_hard.dat, 4 ranks,
# libhetscal.so preloaded with HETSCAL_DEVICES=cuda on the CUDA stand-in
# and the 2-D layout forced (HETSCAL_LU_GRID=1): every column's tiles on
# the GPUs of local ranks 0 and 1, whose interchanges (row copies by
# cublas?gemmBatched, a complex row as two real ones, the top tile's own
# rows staged), U12 solves and updates run through the CUDA backend while
# the panels are factored on the host; ranks 2 and 3 run on their CPUs;
# tile memory poisoned; tasks must have run on the GPUs.  The 8 grids of
# the file, 800 tests and 828 verbose lines each (as xdlu_hard_np4.sh);
# condition estimation off (HETSCAL_XDLU_EST=F, as cuda_xlu_np4.sh).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_XDLU_EST=F HETSCAL_DEVICES=cuda HETSCAL_LU_GRID=1 HETSCAL_NB_SMALL=8
HETSCAL_POISON_MEMORY=1 HETSCAL_EXPECT_GPU_TASKS=1
export HETSCAL_XDLU_EST HETSCAL_DEVICES HETSCAL_LU_GRID HETSCAL_NB_SMALL HETSCAL_POISON_MEMORY \
    HETSCAL_EXPECT_GPU_TASKS
status=0
for tester in xdlu xzlu; do
    sh "$top_srcdir/testing/scalapack/run_xdtester.sh" "$tester" 4 \
        "$top_srcdir/testing/scalapack/lu_hard.dat" 800 828 || status=1
done
exit $status
