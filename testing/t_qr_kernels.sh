#!/bin/sh
# QR kernels and task program, serially, against LAPACK's DGEQRF: a plain
# program without MPI, one BLAS thread (UCX hooks off, see t_device.sh).
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 UCX_MEM_EVENTS=no
export OPENBLAS_NUM_THREADS OMP_NUM_THREADS UCX_MEM_EVENTS
exec timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-600}" "$top_builddir/testing/t_qr_kernels" 200
