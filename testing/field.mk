# Field tests: a long run of mixed calls and grids that must hold flat
# memory, threads, descriptors and communicators; applications that fork;
# callers inside OpenMP regions and on grids over sub-communicators.
field_common = testing/field_common.h testing/field_common.c
field_ldadd = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)

check_PROGRAMS += testing/t_long_run
testing_t_long_run_SOURCES = testing/t_long_run.c $(field_common)
testing_t_long_run_LDADD = $(field_ldadd)
long_run_tests = testing/t_long_run_np2.sh testing/t_long_run_np4.sh \
  testing/t_long_run_emu_np2.sh
TESTS += $(long_run_tests)
EXTRA_DIST += $(long_run_tests)

check_PROGRAMS += testing/t_fork
testing_t_fork_SOURCES = testing/t_fork.c $(field_common)
testing_t_fork_LDADD = $(field_ldadd)
fork_tests = testing/t_fork_np1.sh testing/t_fork_np2.sh testing/t_fork_emu_np2.sh \
  testing/t_fork_disable_np2.sh
TESTS += $(fork_tests)
EXTRA_DIST += $(fork_tests)

# OPENMP_CFLAGS: AC_OPENMP (empty without OpenMP: that part is then skipped).
check_PROGRAMS += testing/t_unusual_callers
testing_t_unusual_callers_SOURCES = testing/t_unusual_callers.c $(field_common)
testing_t_unusual_callers_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS)
testing_t_unusual_callers_LDFLAGS = $(AM_LDFLAGS) $(OPENMP_CFLAGS)
testing_t_unusual_callers_LDADD = $(field_ldadd)
unusual_callers_tests = testing/t_unusual_callers_np2.sh testing/t_unusual_callers_np4.sh
TESTS += $(unusual_callers_tests)
EXTRA_DIST += $(unusual_callers_tests)
