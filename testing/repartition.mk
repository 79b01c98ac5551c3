# Unit test of the block-cyclic <-> hybrid tile repartition
# (src/layout/repartition.c), linked with the convenience library.
check_PROGRAMS += testing/t_repartition
testing_t_repartition_SOURCES = testing/t_repartition.c
testing_t_repartition_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS)
TESTS += testing/t_repartition_np1.sh testing/t_repartition_np4.sh \
  testing/t_repartition_np6.sh
EXTRA_DIST += testing/t_repartition_np1.sh testing/t_repartition_np4.sh \
  testing/t_repartition_np6.sh
