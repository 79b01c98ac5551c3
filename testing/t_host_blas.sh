#!/bin/sh
# Recursive host DTRSM/DPOTRF against the BLAS: a plain program, one BLAS thread.
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 UCX_MEM_EVENTS=no
export OPENBLAS_NUM_THREADS OMP_NUM_THREADS UCX_MEM_EVENTS
exec timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-600}" "$top_builddir/testing/t_host_blas"
