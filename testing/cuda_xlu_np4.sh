#!/bin/sh
# Debian's xdlu and xzlu (PDGETRF, PZGETRF) on lu_hard.dat, 4 ranks,
# libhetscal.so preloaded with HETSCAL_DEVICES=cuda on the CUDA stand-in
# and a forced GPU share of each column (HETSCAL_NB_GPU): the node's 2
# simulated GPUs go to local ranks 0 and 1, whose columns' panels,
# interchanges and updates run through the CUDA backend (cuSOLVER's
# ?getrf and ?laswp, cuBLAS's ?trsm and ?gemm), tile memory poisoned;
# ranks 2 and 3 run on their CPUs; tasks must have run on the GPUs.  The
# 8 grids of the file, 800 tests and 828 verbose lines each (as
# xdlu_hard_np4.sh); condition estimation off (HETSCAL_XDLU_EST=F: the
# reference's P?GERFS, see there).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_XDLU_EST=F HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=24 HETSCAL_POISON_MEMORY=1
HETSCAL_EXPECT_GPU_TASKS=1
export HETSCAL_XDLU_EST HETSCAL_DEVICES HETSCAL_NB_SMALL HETSCAL_NB_GPU HETSCAL_POISON_MEMORY \
    HETSCAL_EXPECT_GPU_TASKS
status=0
for tester in xdlu xzlu; do
    sh "$top_srcdir/testing/scalapack/run_xdtester.sh" "$tester" 4 \
        "$top_srcdir/testing/scalapack/lu_hard.dat" 800 828 || status=1
done
exit $status
