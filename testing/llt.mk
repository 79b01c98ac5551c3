# The ScaLAPACK-style P?POTRF tester testing/xllt (sources in testing/llt/,
# inputs in testing/data/) and its tests: the built-in input on 1 and 4
# ranks, testing/data/llt_hard.dat on 2 and 4 ranks, in double; single and
# complex (-precision s,c,z) in testing/llt_prec_*.sh.

# The .dat-file reader of the testers and the timer.
dat_reader_sources = testing/llt/dat_reader.h testing/llt/dat_reader.c
# The input text of the testers, on every rank.
dat_load_sources = testing/llt/dat_load.h testing/llt/dat_load.c

# What the testers share (testing/tester/): the precisions and the
# template that compiles a body once per precision, guarded distributed
# matrices, random entries, check helpers (the last two also the timer's),
# the reference's entry points, and the frame: command line, input
# sections, the case loop, the per-case reduction, the summary and exit
# status.
tester_template_sources = \
  testing/tester/tx_types.h testing/tester/tx_undef.h \
  testing/tester/tx_instantiate.h testing/tester/tx_scalapack.h \
  testing/tester/dist_body.h testing/tester/outside_body.h \
  testing/tester/sub_body.h
tester_matrix_sources = \
  testing/tester/prec.h testing/tester/prec.c \
  testing/tester/guard.h testing/tester/guard.c \
  testing/tester/dist.h testing/tester/dist.c \
  testing/tester/random.h testing/tester/random.c \
  testing/tester/checks.h testing/tester/checks.c \
  testing/tester/reference.h testing/tester/reference.c \
  testing/llt/llt_scalapack.h $(tester_template_sources)
# What every tester links: hetscal first, then the reference ScaLAPACK.
tester_ldadd = $(HETSCAL_LA) $(SCALAPACK_LIBS) $(LAPACK_LIBS)
tester_frame_sources = \
  testing/tester/tester.h testing/tester/frame.c testing/tester/report.c \
  testing/tester/outcome.h testing/tester/outcome.c
# All of the above: what each of xllt, xlu and xqr is built from besides
# its own folder.
tester_sources = $(dat_reader_sources) $(dat_load_sources) \
  $(tester_frame_sources) $(tester_matrix_sources)
# What the factorization testers (xllt, xlu) add: the right-hand sides
# they solve with the factor, and the solve residual.
tester_rhs_sources = \
  testing/tester/rhs.h testing/tester/rhs.c testing/tester/solve_body.h

# What the timer takes from the testers (timing/local.mk): random entries
# and the pass test, with the rest of the testers' matrix sources.
llt_matrix_sources = $(tester_matrix_sources)

check_PROGRAMS += testing/xllt
testing_xllt_SOURCES = $(tester_sources) $(tester_rhs_sources) \
  testing/llt/llt_main.c testing/llt/llt_input.h testing/llt/llt_input.c \
  testing/llt/llt_default_input.c testing/llt/llt_problem.h \
  testing/llt/llt_case.h testing/llt/llt_case.c testing/llt/llt_report.c \
  testing/llt/llt_case_body.h testing/llt/llt_generate_body.h \
  testing/llt/llt_checks_body.h
testing_xllt_LDADD = $(tester_ldadd) -ldl

llt_tests = \
  testing/llt_default_np1.sh testing/llt_default_np4.sh \
  testing/llt_hard_np4.sh testing/llt_hard_np2.sh \
  testing/llt_copy_tasks_np1.sh testing/llt_copy_tasks_np4.sh testing/in_place_np4.sh \
  testing/llt_threads_np2.sh
TESTS += $(llt_tests)
EXTRA_DIST += $(llt_tests) testing/llt/run_llt.sh testing/data/llt_hard.dat \
  testing/data/llt_one_block.dat testing/data/llt_few_blocks.dat \
  testing/tester/run_common.sh testing/tester/gpu_precisions.sh

# PSPOTRF, PCPOTRF and PZPOTRF: the built-in input on 1 and 4 ranks,
# llt_hard.dat on 4, and on 2 with emulated GPUs.
llt_prec_tests = \
  testing/llt_prec_default_np14.sh testing/llt_prec_hard_np4.sh \
  testing/llt_prec_emu_np2.sh
TESTS += $(llt_prec_tests)
EXTRA_DIST += $(llt_prec_tests)
