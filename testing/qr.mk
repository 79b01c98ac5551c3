# PDGEQRF's tests: the bad-argument comparison with the reference
# (testing/args_geqrf, every precision), the ScaLAPACK-style tester
# testing/xqr (P?GEQRF in every precision: -precision s,d,c,z; built in
# testing/tester.mk, inputs in testing/data/qr_*.dat), a plain Fortran
# caller (built in fcall.mk), and Debian's xdqr with hetscal preloaded.

check_PROGRAMS += testing/args_geqrf
testing_args_geqrf_SOURCES = testing/args/args_geqrf.c \
  testing/args/args_qr_cases.c testing/args/args_qr.h $(ARGS_SHARED_SOURCES)
testing_args_geqrf_LDADD = $(tester_ldadd) -ldl

QR_TESTS = \
  testing/args_qr_np1.sh testing/args_qr_np4.sh \
  testing/qr_default_np1.sh testing/qr_default_np4.sh \
  testing/qr_hard_np4.sh testing/qr_6ranks_np6.sh testing/qr_copy_tasks_np1.sh \
  testing/fcall_qr_np1.sh testing/fcall_qr_np4.sh \
  testing/disable_qr_np4.sh testing/qr_threads_np2.sh testing/qr_grid_hard_np4.sh
# PSGEQRF, PCGEQRF and PZGEQRF: the built-in input on 1 and 4 ranks,
# qr_hard.dat on 4 in double complex (single and complex take hard
# inputs in Debian's testers, testing/xsqr_hard_np4.sh and
# testing/xcqr_hard_np4.sh), the built-in input on 2 with emulated GPUs.
QR_PREC_TESTS = \
  testing/qr_prec_default_np14.sh testing/qr_prec_z_hard_np4.sh \
  testing/qr_prec_emu_np2.sh
QR_TESTS += $(QR_PREC_TESTS)
TESTS += $(QR_TESTS)
EXTRA_DIST += $(QR_TESTS) \
  testing/data/qr_hard.dat testing/data/qr_6ranks.dat testing/data/qr_in_place.dat \
  testing/data/qr_one_block.dat \
  testing/scalapack/qr_hard.dat testing/scalapack/ls_hard.dat

# Only PDGEQRF's tests: make check-qr
check-qr:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(QR_TESTS) $(DEBIAN_QR_TESTS)'
.PHONY: check-qr
