# timing/time_pdpotrf: hetscal's PDPOTRF against the reference ScaLAPACK's,
# side by side on the same matrices (it reuses the tester's distributed
# matrices and residual checks from testing/llt/).
noinst_PROGRAMS += timing/time_pdpotrf
timing_time_pdpotrf_SOURCES = \
  timing/time_pdpotrf.h timing/time_pdpotrf.c timing/time_options.c \
  timing/time_stats.c timing/time_reference.c timing/time_ceiling.c \
  $(llt_matrix_sources)
timing_time_pdpotrf_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/testing/llt
timing_time_pdpotrf_LDADD = libhetscal.la $(SCALAPACK_LIBS) $(LAPACK_LIBS)
EXTRA_DIST += timing/trace_gantt.py

# timing/bench_runtime: runtime overhead per empty task.
noinst_PROGRAMS += timing/bench_runtime
timing_bench_runtime_SOURCES = timing/bench_runtime.c
timing_bench_runtime_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
