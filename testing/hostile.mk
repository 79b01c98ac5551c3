# Hostile environments (issue 41): the files and values HETSCAL_*
# variables name, unit by unit (t_env_guard), then the tester run under
# each row of a table of garbage values and hostile files
# (env_hostile_np2.sh).
check_PROGRAMS += testing/t_env_guard
testing_t_env_guard_SOURCES = testing/t_env_guard.c
testing_t_env_guard_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/t_env_guard.sh testing/env_hostile_np2.sh testing/env_hostile_mpmd_np2.sh
EXTRA_DIST += testing/t_env_guard.sh testing/env_hostile_np2.sh testing/env_hostile_mpmd_np2.sh \
  testing/data/llt_hostile.dat
