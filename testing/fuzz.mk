# The differential fuzzer (testing/fuzz): random calls of P?POTRF, P?GEQRF
# and P?GETRF in the four precisions, hetscal against the reference, judged
# by the bad-argument testers' machinery (ARGS_JUDGE_SOURCES, compat.mk)
# with each routine's own file from testing/args.  make check runs a fixed
# seed (fuzz_np4.sh); .ci/run runs more cases and a changing seed.
FUZZ_SOURCES = testing/fuzz/fuzz.h testing/fuzz/fuzz_case.c \
  testing/fuzz/fuzz_driver.c $(ARGS_JUDGE_SOURCES)
check_PROGRAMS += testing/fuzz_potrf testing/fuzz_geqrf testing/fuzz_getrf
testing_fuzz_potrf_SOURCES = testing/args/args_potrf.c \
  testing/args/args_cases.c testing/args/args_potrf.h $(FUZZ_SOURCES)
testing_fuzz_potrf_LDADD = $(tester_ldadd) -ldl
testing_fuzz_geqrf_SOURCES = testing/args/args_geqrf.c \
  testing/args/args_qr_cases.c testing/args/args_qr.h $(FUZZ_SOURCES)
testing_fuzz_geqrf_LDADD = $(tester_ldadd) -ldl
testing_fuzz_getrf_SOURCES = testing/args/args_getrf.c \
  testing/args/args_lu_cases.c testing/args/args_lu.h $(FUZZ_SOURCES)
testing_fuzz_getrf_LDADD = $(tester_ldadd) -ldl
TESTS += testing/fuzz_np4.sh testing/fuzz_lu_grid_np4.sh testing/fuzz_lu_spread_np4.sh \
  testing/fuzz_qr_grid_np4.sh
EXTRA_DIST += testing/fuzz_np4.sh testing/fuzz_lu_grid_np4.sh testing/fuzz_lu_spread_np4.sh \
  testing/fuzz_qr_grid_np4.sh \
  testing/fuzz/run_fuzz.sh
