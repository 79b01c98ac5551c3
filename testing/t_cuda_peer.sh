#!/bin/sh
# The CUDA backend's peer copies on the stand-in's two GPUs
# (testing/t_cuda_peer.c): a plain program, no MPI, run where every pair
# may be a peer (the default) and where none may (CUDA_STANDIN_PEER=none).
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 UCX_MEM_EVENTS=no
export OPENBLAS_NUM_THREADS OMP_NUM_THREADS UCX_MEM_EVENTS
limit=${HETSCAL_TEST_TIMEOUT:-600}
timeout -k 10 "$limit" "$top_builddir/testing/t_cuda_peer" peers || exit $?
CUDA_STANDIN_PEER=none exec timeout -k 10 "$limit" "$top_builddir/testing/t_cuda_peer" none
