#!/bin/sh
# cuda_xlu_np4.sh (Debian's xdlu and xzlu on lu_hard.dat, 4 ranks, the
# CUDA stand-in, GPUs on local ranks 0 and 1) with the 2-D layout forced
# (HETSCAL_LU_GRID=1): every column's tiles on those GPUs, whose
# interchanges (row copies by cublas?gemmBatched, a complex row as two
# real ones, the top tile's own rows staged), U12 solves and updates run
# through the CUDA backend, and whose panels (HETSCAL_PANELS=device) are
# gathered there (copies within the GPU's memory), factored by
# cusolverDn?getrf and scattered back, their moves worked out on the
# host; the ranks without GPUs factor theirs on the host.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_LU_GRID=1 HETSCAL_PANELS=device
export HETSCAL_LU_GRID HETSCAL_PANELS
exec sh "$top_srcdir/testing/cuda_xlu_np4.sh"
