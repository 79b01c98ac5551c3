#!/bin/sh
# The P?GETRF tester in the four precisions on 2 ranks with one simulated
# GPU each (HETSCAL_DEVICES=cuda on the CUDA stand-in): the columns'
# interchanges (cuSOLVER's ?laswp), TRSM and GEMM run through the CUDA
# backend (testing/tester/run_lu_on_devices.sh).
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/tester/run_lu_on_devices.sh" cuda
