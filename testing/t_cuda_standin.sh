#!/bin/sh
# The CUDA stand-in's own test (testing/t_cuda_standin.c): a plain program,
# no MPI, one BLAS thread; pageable copies allowed (it tests them).
unset CUDA_STANDIN_PAGEABLE
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 UCX_MEM_EVENTS=no
export OPENBLAS_NUM_THREADS OMP_NUM_THREADS UCX_MEM_EVENTS
exec timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-600}" "$top_builddir/testing/t_cuda_standin"
