# P?GETRF's ScaLAPACK-style tester testing/xlu (every precision:
# -precision s,d,c,z; sources, inputs and run script in testing/lu/) and
# its tests: the built-in input on 1 and 4 ranks in double and in S, C, Z,
# testing/lu/lu_hard.dat on 4 ranks, the built-in input on 2 ranks with
# emulated GPUs, singular matrices (testing/lu/lu_singular.dat) on 4, and
# the hard input on 2 ranks of 2 threads.

check_PROGRAMS += testing/xlu
testing_xlu_SOURCES = $(tester_sources) $(tester_rhs_sources) \
  testing/lu/lu_main.c testing/lu/lu_input.h testing/lu/lu_input.c \
  testing/lu/lu_default_input.c testing/lu/lu_problem.h \
  testing/lu/lu_problem.c testing/lu/lu_pivots.h testing/lu/lu_pivots.c \
  testing/lu/lu_case.h testing/lu/lu_case.c testing/lu/lu_report.c \
  testing/lu/lu_case_body.h testing/lu/lu_problem_body.h \
  testing/lu/lu_checks_body.h
testing_xlu_LDADD = $(tester_ldadd) -ldl

LU_TESTS = \
  testing/lu_default_np14.sh testing/lu_prec_default_np14.sh \
  testing/lu_hard_np4.sh testing/lu_emu_np2.sh testing/lu_singular_np4.sh \
  testing/lu_threads_np2.sh
TESTS += $(LU_TESTS)
EXTRA_DIST += $(LU_TESTS) testing/lu/run_lu.sh testing/lu/run_lu_on_devices.sh testing/lu/lu_hard.dat \
  testing/data/lu_one_block.dat testing/data/lu_in_place.dat \
  testing/lu/lu_singular.dat

# Only P?GETRF's tester: make check-lu
check-lu:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(LU_TESTS)'
.PHONY: check-lu
