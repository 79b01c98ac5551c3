# Sizes past 2^31 (index arithmetic, geometry, repartition rounds, a
# repartition over reserved, untouched 24 GB mappings), linked with the
# convenience library.
check_PROGRAMS += testing/t_large_sizes
testing_t_large_sizes_SOURCES = testing/t_large_sizes.c
testing_t_large_sizes_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/t_large_sizes_np1.sh testing/t_large_sizes_np2.sh
EXTRA_DIST += testing/t_large_sizes_np1.sh testing/t_large_sizes_np2.sh
