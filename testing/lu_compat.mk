# Compatibility of P?GETRF with the reference ScaLAPACK: hetscal's
# P?GETRF against the reference's on bad arguments and quick returns
# (args_getrf, each precision), plain Fortran callers of PDGETRF and
# PZGETRF, and HETSCAL_DISABLE forwarding every P?GETRF (Debian's xdlu).
# Included next to compat.mk, whose shared sources it uses.

check_PROGRAMS += testing/args_getrf
testing_args_getrf_SOURCES = testing/args/args_getrf.c \
  testing/args/args_lu_cases.c testing/args/args_lu.h $(ARGS_SHARED_SOURCES)
testing_args_getrf_LDADD = $(tester_ldadd) -ldl

# The Fortran callers of PDGETRF and PZGETRF are built in fcall.mk.
LU_ARGS_TESTS = testing/args_getrf_np1.sh testing/args_getrf_np4.sh \
  testing/args_getrf_prec_np4.sh
LU_FCALL_TESTS = testing/fcall_pdgetrf_np1.sh testing/fcall_pdgetrf_np4.sh \
  testing/fcall_pzgetrf_np1.sh testing/fcall_pzgetrf_np4.sh
LU_COMPAT_TESTS = $(LU_ARGS_TESTS) $(LU_FCALL_TESTS) testing/disable_lu_np4.sh
COMPAT_TESTS += $(LU_COMPAT_TESTS)
EXTRA_DIST += testing/scalapack/lu_forward.dat
