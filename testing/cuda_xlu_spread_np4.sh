#!/bin/sh
# cuda_xlu_grid_np4.sh (Debian's xdlu and xzlu on lu_hard.dat, 4 ranks,
# the CUDA stand-in, GPUs on local ranks 0 and 1, the 2-D layout, panels
# on the GPUs) with the panels spread over their process column
# (HETSCAL_LU_SPREAD=1): the parts of ranks 0 and 1 pack, factor and
# unpack their rows on their GPUs through the CUDA backend (cuBLAS's
# I?amax, ?trsm, ?gemm, row copies), driven by each GPU's driver thread,
# beside the parts of ranks 2 and 3 on their hosts.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_LU_SPREAD=1 HETSCAL_EXPECT_LAYOUT=grid_spread
export HETSCAL_LU_SPREAD HETSCAL_EXPECT_LAYOUT
exec sh "$top_srcdir/testing/cuda_xlu_grid_np4.sh"
