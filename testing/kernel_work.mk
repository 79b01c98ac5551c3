# The work model of the simulation (src/kernels/kernel_work.c) on the
# whole task programs of Cholesky, QR and LU, on one rank.
check_PROGRAMS += testing/t_kernel_work
testing_t_kernel_work_SOURCES = testing/t_kernel_work.c
testing_t_kernel_work_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/kernel_work_np1.sh
EXTRA_DIST += testing/kernel_work_np1.sh
