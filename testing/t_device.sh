#!/bin/sh
# Device layer unit test (cpu, emu, and cuda when a GPU is present): a plain
# program without MPI, one BLAS thread, under the usual time limit.  UCX
# (loaded with MPICH) hooks madvise, which crashes exiting threads under
# ThreadSanitizer: the test does not use MPI, so the hooks are turned off.
# The device layer takes pageable host memory too (its copies are then
# synchronous), and this test gives it some: the stand-in's check that
# every copy is asynchronous is for the runtime's calls.
unset CUDA_STANDIN_PAGEABLE
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 UCX_MEM_EVENTS=no
export OPENBLAS_NUM_THREADS OMP_NUM_THREADS UCX_MEM_EVENTS
exec timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-600}" "$top_builddir/testing/t_device" 400
