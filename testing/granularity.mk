# The tile size chosen from the machine's kernel rates (src/plan/granularity.c):
# the model, the probe and its rates file serially; then the tester with
# forced rates on one and two ranks, the caller's blocks taken as tiles
# only when the rates allow, and ranks whose rates differ (MPMD); the
# grid's workers no more than its nodes' CPUs.
check_PROGRAMS += testing/t_granularity testing/t_rates_trust testing/t_cache_probe
testing_t_granularity_SOURCES = testing/t_granularity.c $(t_expect_sources)
testing_t_granularity_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
# Rates that can be trusted (issue 41): sane, consistent, measured again,
# never written to the default file from a forced environment.
testing_t_rates_trust_SOURCES = testing/t_rates_trust.c $(t_expect_sources)
testing_t_rates_trust_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
# The cache size measured, not reported (issue 40): the knee, the file.
testing_t_cache_probe_SOURCES = testing/t_cache_probe.c $(t_expect_sources)
testing_t_cache_probe_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/t_granularity.sh testing/t_rates_trust.sh testing/granularity_np2.sh \
  testing/t_cache_probe.sh testing/workers_per_cpu_np4.sh \
  testing/mpmd_granularity_np2.sh
EXTRA_DIST += testing/t_granularity.sh testing/t_rates_trust.sh testing/granularity_np2.sh \
  testing/t_cache_probe.sh testing/workers_per_cpu_np4.sh \
  testing/mpmd_granularity_np2.sh testing/data/llt_granularity.dat \
  testing/data/llt_granularity_nb128.dat testing/data/llt_granularity_share.dat
