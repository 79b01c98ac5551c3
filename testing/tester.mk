# The ScaLAPACK-style tester of P?POTRF, P?GETRF and P?GEQRF (every
# precision: -precision s,d,c,z): one program whose routine is a parameter
# (-routine llt|lu|qr, or the program's name), built from the same sources
# as testing/xllt, testing/xlu and testing/xqr, the names the tests run.
# The frame, input reader and report are testing/tester/'s; each
# routine's table, input records and checks are testing/tester/routines/'s.
# The tests are in llt.mk, lu.mk and qr.mk.

# The .dat-file reader of the tester and the timer.
dat_reader_sources = testing/tester/dat_reader.h testing/tester/dat_reader.c
# The input text of the tester, on every rank.
dat_load_sources = testing/tester/dat_load.h testing/tester/dat_load.c

# What the tester shares with the timer: the precisions and the template
# that compiles a body once per precision, guarded distributed matrices,
# random entries, check helpers and the reference's entry points.
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
  testing/tester/scalapack.h $(tester_template_sources)
# What the timer takes from the tester (timing/local.mk).
llt_matrix_sources = $(tester_matrix_sources)
# What every program of the tests that calls hetscal and the reference
# links: hetscal first, then the reference ScaLAPACK.
tester_ldadd = $(HETSCAL_LA) $(SCALAPACK_LIBS) $(LAPACK_LIBS)

# The tester: the frame (command line, the loop over precisions,
# sections, grids and cases, main), the input reader, the report, the
# reduction of a case's outcome, the right-hand sides the factorizations
# solve with; then the routines, each a table and its template bodies.
tester_sources = $(dat_reader_sources) $(dat_load_sources) \
  $(tester_matrix_sources) \
  testing/tester/tester.h testing/tester/frame.c testing/tester/input.c \
  testing/tester/report.c testing/tester/outcome.h testing/tester/outcome.c \
  testing/tester/rhs.h testing/tester/rhs.c testing/tester/solve_body.h \
  testing/tester/routines/llt.c testing/tester/routines/llt_problem.h \
  testing/tester/routines/llt_body.h \
  testing/tester/routines/llt_generate_body.h \
  testing/tester/routines/llt_checks_body.h \
  testing/tester/routines/lu.c testing/tester/routines/lu_problem.h \
  testing/tester/routines/lu_problem.c testing/tester/routines/lu_pivots.h \
  testing/tester/routines/lu_pivots.c testing/tester/routines/lu_body.h \
  testing/tester/routines/lu_problem_body.h \
  testing/tester/routines/lu_checks_body.h \
  testing/tester/routines/qr.c testing/tester/routines/qr_problem.h \
  testing/tester/routines/qr_problem.c testing/tester/routines/qr_body.h \
  testing/tester/routines/qr_problem_body.h \
  testing/tester/routines/qr_checks_body.h

# One program under three names: the same objects, linked three times.
check_PROGRAMS += testing/xllt testing/xlu testing/xqr
testing_xllt_SOURCES = $(tester_sources)
testing_xllt_LDADD = $(tester_ldadd) -ldl
testing_xlu_SOURCES = $(tester_sources)
testing_xlu_LDADD = $(tester_ldadd) -ldl
testing_xqr_SOURCES = $(tester_sources)
testing_xqr_LDADD = $(tester_ldadd) -ldl

# The scripts that run it (testing/tester/run_*.sh) and its inputs.
EXTRA_DIST += testing/tester/run_common.sh testing/tester/run_llt.sh \
  testing/tester/run_lu.sh testing/tester/run_qr.sh \
  testing/tester/run_lu_on_devices.sh testing/tester/run_qr_on_devices.sh \
  testing/tester/gpu_precisions.sh
