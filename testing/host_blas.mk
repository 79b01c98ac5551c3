# Unit tests linked with the convenience library: the recursive host DTRSM
# and DPOTRF (src/util/host_blas.c) against the BLAS/LAPACK routines they
# replace (serial); the tile block kept between calls (src/util/mem.c),
# through PDPOTRF.
host_blas_tests = testing/t_host_blas.sh testing/t_kept_memory_np2.sh
check_PROGRAMS += testing/t_host_blas testing/t_kept_memory
testing_t_host_blas_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
testing_t_kept_memory_LDADD = $(testing_t_host_blas_LDADD)
TESTS += $(host_blas_tests)
EXTRA_DIST += $(host_blas_tests) testing/spd_matrix.h
