#!/bin/sh
# A spread LU panel's column driven from the host through cuBLAS
# (testing/gpu/spread_column.c) on the CUDA stand-in: the column's
# I?amax, its rows out and back, ?scal and ?ger, a TRSM and GEMM every 32
# columns must leave ?getrf's factor and pivots, for parts of 96 and 700
# rows of a 64-wide panel; the stand-in checks every call against CUDA's
# rules.  Its timings mean nothing here.
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
export OPENBLAS_NUM_THREADS OMP_NUM_THREADS
exec timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-600}" "$top_builddir/testing/spread_column" 64 96 700
