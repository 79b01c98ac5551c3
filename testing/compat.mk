# Compatibility with the reference ScaLAPACK: hetscal's PDPOTRF against the
# reference's on bad arguments (args_pdpotrf), a plain Fortran caller, Debian's
# xdllt tester with hetscal preloaded, and the list of exported symbols.

check_PROGRAMS += testing/args_pdpotrf testing/fcall_pdpotrf
# The bad-argument testers' shared driver, descriptor cases and arithmetic
# (args_pdgeqrf in qr.mk uses them too).
ARGS_SHARED_SOURCES = testing/args/args.h testing/args/args_driver.c \
  testing/args/args_desc_cases.c testing/args/args_matrix.c
testing_args_pdpotrf_SOURCES = testing/args/args_pdpotrf.c \
  testing/args/args_cases.c testing/args/args_potrf.h $(ARGS_SHARED_SOURCES)
testing_args_pdpotrf_LDADD = $(tester_ldadd)
# What the two Fortran callers share (fcall_pdgeqrf in qr.mk uses it too):
# the module fcall_frame, compiled first (its .mod lands in the build
# directory, where the callers' compilations find it).
FCALL_SHARED_SOURCES = testing/fortran/fcall_frame.f90
testing/fortran/fcall_pdpotrf.$(OBJEXT) \
testing/fortran/fcall_pdgeqrf.$(OBJEXT): testing/fortran/fcall_frame.$(OBJEXT)
CLEANFILES += fcall_frame.mod
testing_fcall_pdpotrf_SOURCES = testing/fortran/fcall_pdpotrf.f90 \
  $(FCALL_SHARED_SOURCES)
testing_fcall_pdpotrf_LDADD = $(tester_ldadd)

COMPAT_TESTS = \
  testing/exports.sh \
  testing/args_np1.sh testing/args_np4.sh \
  testing/fcall_np1.sh testing/fcall_np4.sh \
  testing/xdllt_stock_np1.sh testing/xdllt_stock_np2.sh \
  testing/xdllt_stock_np4.sh testing/xdllt_hard_L_np2.sh \
  testing/xdllt_hard_L_np4.sh testing/xdllt_hard_U_np4.sh
TESTS += $(COMPAT_TESTS)
EXTRA_DIST += $(COMPAT_TESTS) testing/args/run_args.sh \
  testing/fortran/run_fcall.sh \
  testing/scalapack/run_xdtester.sh testing/scalapack/llt_hard_L.dat \
  testing/scalapack/llt_hard_U.dat

# Only the compatibility tests: make check-compat
check-compat:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(COMPAT_TESTS)'
.PHONY: check-compat
