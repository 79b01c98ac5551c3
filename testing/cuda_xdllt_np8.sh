#!/bin/sh
# Debian's xdllt on llt_np8.dat (grids 2x4, 4x2, 1x8, 8x1), 8 ranks,
# libhetscal.so preloaded with HETSCAL_DEVICES=cuda on the CUDA stand-in:
# the node's 2 simulated GPUs go to local ranks 0 and 1, the others run on
# their CPUs.  P?POTRF's tile copies are forwarded along chains (its
# default above 4 ranks), from and to the GPUs' memory
# (HETSCAL_GPU_MESSAGES=on: the stand-in's device memory is the host's, so
# MPI takes it), every post checked by the stand-in's MPI_Isend and
# MPI_Irecv (cuda_standin/standin_mpi.c).
HETSCAL_EXPECT_FORWARDED=1 HETSCAL_GPU_MESSAGES=on HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=8 \
    HETSCAL_PANELS=device \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 8 \
    "$top_srcdir/testing/scalapack/llt_np8.dat" 48 384
