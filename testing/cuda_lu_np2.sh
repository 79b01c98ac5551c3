#!/bin/sh
# The P?GETRF tester in the four precisions on 2 ranks with one simulated
# GPU each (HETSCAL_DEVICES=cuda on the CUDA stand-in): the columns'
# interchanges (cuSOLVER's ?laswp), TRSM and GEMM run through the CUDA
# backend (testing/tester/run_lu_on_devices.sh); the GPUs' tiles travel
# from and to their memory (HETSCAL_GPU_MESSAGES=on: the stand-in's is the
# host's, so MPI takes it; the stand-in checks each post).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_GPU_MESSAGES=on exec sh "$top_srcdir/testing/tester/run_lu_on_devices.sh" cuda
