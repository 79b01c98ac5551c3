# testing/gpu/: running hetscal on a lent GPU machine that has CUDA but no
# MPI, ScaLAPACK, BLAS or network (testing/gpu/README).  Not part of make
# check: the scripts run by hand, here and there.
EXTRA_DIST += testing/gpu/README testing/gpu/fetch_packages.sh \
  testing/gpu/run_on_gpu.sh testing/gpu/gpu_tests.sh \
  testing/gpu/simulate_here.sh testing/gpu/cublas_dgemm.c testing/gpu/cusolver_rates.c \
  testing/gpu/spread_column.c
