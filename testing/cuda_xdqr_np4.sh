#!/bin/sh
# Debian's xdqr on qr_hard.dat (480 QR tests on 8 grid shapes), 4 ranks,
# libhetscal.so preloaded with HETSCAL_DEVICES=cuda on the CUDA stand-in:
# the node's 2 simulated GPUs go to local ranks 0 and 1, ranks 2 and 3
# run on their CPUs.  GPU tiles travel from and to the GPUs' memory
# (HETSCAL_GPU_MESSAGES=on: the stand-in's device memory is the host's, so
# MPI takes it), every post checked by the stand-in's MPI_Isend and
# MPI_Irecv (cuda_standin/standin_mpi.c).
HETSCAL_GPU_MESSAGES=on HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=8 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdqr 4 \
    "$top_srcdir/testing/scalapack/qr_hard.dat" 480
