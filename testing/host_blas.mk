# Serial unit test of the recursive host DTRSM and DPOTRF (src/util/host_blas.c)
# against the BLAS/LAPACK routines they replace.
check_PROGRAMS += testing/t_host_blas
testing_t_host_blas_SOURCES = testing/t_host_blas.c
testing_t_host_blas_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/t_host_blas.sh
EXTRA_DIST += testing/t_host_blas.sh

# The tile block kept between calls (src/util/mem.c), through PDPOTRF.
check_PROGRAMS += testing/t_kept_memory
testing_t_kept_memory_SOURCES = testing/t_kept_memory.c
testing_t_kept_memory_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/t_kept_memory_np2.sh
EXTRA_DIST += testing/t_kept_memory_np2.sh
