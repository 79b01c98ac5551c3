# The ScaLAPACK-style PDPOTRF tester testing/xllt (sources in testing/llt/,
# inputs in testing/data/) and its tests: the built-in input on 1 and 4
# ranks, testing/data/llt_hard.dat on 2 and 4 ranks.

# The .dat-file reader of the testers and the timer.
dat_reader_sources = testing/llt/dat_reader.h testing/llt/dat_reader.c
# The input text of the testers, on every rank.
dat_load_sources = testing/llt/dat_load.h testing/llt/dat_load.c

# What the testers share (testing/tester/): guard zones, random entries
# and check helpers (with the distributed matrices, shared with timing/),
# and the frame: input sections, the case loop, the per-case reduction,
# the summary and exit status.
tester_matrix_sources = \
  testing/tester/guard.h testing/tester/guard.c \
  testing/tester/random.h testing/tester/random.c \
  testing/tester/checks.h testing/tester/checks.c
# What every tester links: hetscal first, then the reference ScaLAPACK.
tester_ldadd = $(HETSCAL_LA) $(SCALAPACK_LIBS) $(LAPACK_LIBS)
tester_frame_sources = \
  testing/tester/tester.h testing/tester/frame.c testing/tester/report.c \
  testing/tester/outcome.h testing/tester/outcome.c

# Distributed test matrices and residual checks, shared with timing/.
llt_matrix_sources = \
  testing/llt/llt_scalapack.h \
  testing/llt/llt_matrix.h testing/llt/llt_dist.c testing/llt/llt_generate.c \
  testing/llt/llt_checks.h testing/llt/llt_checks.c $(tester_matrix_sources)

check_PROGRAMS += testing/xllt
testing_xllt_SOURCES = \
  testing/llt/llt_main.c \
  testing/llt/llt_input.h testing/llt/llt_input.c $(dat_reader_sources) \
  $(dat_load_sources) $(tester_frame_sources) \
  testing/llt/llt_default_input.c \
  testing/llt/llt_case.h testing/llt/llt_case.c testing/llt/llt_report.c \
  $(llt_matrix_sources)
testing_xllt_LDADD = $(tester_ldadd)

llt_tests = \
  testing/llt_default_np1.sh testing/llt_default_np4.sh \
  testing/llt_hard_np4.sh testing/llt_hard_np2.sh \
  testing/llt_copy_tasks_np1.sh testing/llt_copy_tasks_np4.sh \
  testing/llt_threads_np2.sh
TESTS += $(llt_tests)
EXTRA_DIST += $(llt_tests) testing/llt/run_llt.sh testing/data/llt_hard.dat \
  testing/tester/run_common.sh
