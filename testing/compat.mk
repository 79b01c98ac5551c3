# Compatibility with the reference ScaLAPACK: hetscal's P?POTRF against the
# reference's on bad arguments (args_potrf, each precision; P?GEQRF's
# args_geqrf is in qr.mk), a plain Fortran caller (built in fcall.mk),
# Debian's testers with hetscal preloaded, and the list of exported symbols.

check_PROGRAMS += testing/args_potrf
# The bad-argument testers' shared driver, precisions, PXERBLA recorder,
# reference lookup, descriptor cases and arithmetic (args_geqrf in qr.mk
# uses them too; the fuzzer in fuzz.mk all but the driver).
ARGS_JUDGE_SOURCES = testing/args/args.h testing/args/args_judge.c \
  testing/args/args_precision.c testing/args/args_reference.c \
  testing/args/args_xerbla.c \
  testing/args/args_desc_cases.c testing/args/args_matrix.c
ARGS_SHARED_SOURCES = testing/args/args_driver.c $(ARGS_JUDGE_SOURCES)
testing_args_potrf_SOURCES = testing/args/args_potrf.c \
  testing/args/args_cases.c testing/args/args_potrf.h $(ARGS_SHARED_SOURCES)
testing_args_potrf_LDADD = $(tester_ldadd) -ldl
# The Fortran callers' programs are built in fcall.mk.
FCALL_Z_TESTS = testing/fcall_pzpotrf_np1.sh testing/fcall_pzpotrf_np4.sh \
  testing/fcall_pzgeqrf_np1.sh testing/fcall_pzgeqrf_np4.sh

# Debian's testers with hetscal preloaded: xdllt (PDPOTRF), xdqr (PDGEQRF)
# and xdls (PDGELS over PDGEQRF), ScaLAPACK's inputs and our hard ones.
DEBIAN_LLT_TESTS = testing/xdllt_stock_np1.sh testing/xdllt_stock_np2.sh \
  testing/xdllt_stock_np4.sh testing/xdllt_hard_L_np2.sh \
  testing/xdllt_hard_L_np4.sh testing/xdllt_hard_U_np4.sh
DEBIAN_QR_TESTS = testing/xdqr_stock_np1.sh testing/xdqr_stock_np2.sh \
  testing/xdqr_stock_np4.sh testing/xdqr_hard_np4.sh testing/xdqr_grid_np4.sh \
  testing/xdls_stock_np4.sh testing/xdls_hard_np2.sh
# xdlu (PDGETRF, then PDGETRS, and with LU.dat's T the reference PDGECON
# and PDGERFS on our factor) and xdinv (PDGETRI on PDGETRF's factor of its
# general matrices): ScaLAPACK's inputs and our hard ones.
DEBIAN_LU_TESTS = testing/xdlu_stock_np1.sh testing/xdlu_stock_np2.sh \
  testing/xdlu_stock_np4.sh testing/xdlu_hard_np2.sh \
  testing/xdlu_hard_np4.sh testing/xdlu_emu_np2.sh \
  testing/xdinv_stock_np1.sh testing/xdinv_stock_np4.sh \
  testing/xdinv_hard_np4.sh testing/xdlu_grid_np4.sh testing/xdinv_grid_np4.sh
# On 8 ranks, where tile copies are forwarded along chains (P?POTRF) or
# trees by default.
DEBIAN_NP8_TESTS = testing/xdllt_np8.sh testing/xdqr_np8.sh testing/xdlu_np8.sh \
  testing/xdlu_emu_np8.sh testing/xdqr_emu_np8.sh testing/xdllt_emu_np8.sh
# A real application on MPICH: Debian's NWChem (nwchem-mpich) preloaded.
APP_TESTS = testing/nwchem_np124.sh
COMPAT_TESTS = testing/exports.sh testing/args_np1.sh testing/args_np4.sh \
  testing/args_prec_np1.sh testing/args_prec_np4.sh \
  testing/fcall_np1.sh testing/fcall_np4.sh $(DEBIAN_LLT_TESTS) $(DEBIAN_QR_TESTS) \
  $(DEBIAN_LU_TESTS) $(DEBIAN_NP8_TESTS) $(APP_TESTS)
TESTS += $(COMPAT_TESTS)
# Not in the default suite (the tests above run the same testers one by
# one); .ci/run runs these with a second build, Open MPI's.
SECOND_BUILD_TESTS = testing/xdtesters_np124.sh testing/xdtesters_ds_np124.sh \
  testing/xdtesters_zc_np124.sh testing/cp2k_np2.sh
EXTRA_DIST += $(COMPAT_TESTS) $(SECOND_BUILD_TESTS) testing/args/run_args.sh \
  testing/fortran/run_fcall.sh \
  testing/scalapack/run_xdtester.sh testing/scalapack/run_xllt_stock.sh \
  testing/scalapack/llt_hard_L.dat \
  testing/scalapack/llt_hard_U.dat testing/data/cp2k_water8.inp \
  testing/apps/app_frame.sh testing/data/nwchem_water_cd.nw \
  testing/scalapack/lu_hard.dat testing/scalapack/inv_hard.dat \
  testing/scalapack/llt_np8.dat testing/scalapack/lu_np8.dat \
  testing/scalapack/qr_np8.dat

# Debian's testers in the other precisions (xs*: PSPOTRF, PSGEQRF; xc*: PC*;
# xz*: PZ*), on the same inputs: per precision ScaLAPACK's LLT.dat, QR.dat
# and LS.dat on 4 ranks, llt_hard_L on 2, llt_hard_U on 4, qr_hard on 2 and
# 4, ls_hard on 2; and four runs on 2 emulated GPUs per rank.  They and the
# complex*16 Fortran callers join COMPAT_TESTS (hence TESTS and EXTRA_DIST).
DEBIAN_PREC_TESTS = \
  testing/xsllt_stock_np4.sh testing/xsllt_hard_L_np2.sh \
  testing/xsllt_hard_U_np4.sh testing/xsqr_stock_np4.sh \
  testing/xsqr_hard_np2.sh testing/xsqr_hard_np4.sh \
  testing/xsls_stock_np4.sh testing/xsls_hard_np2.sh \
  testing/xcllt_stock_np4.sh testing/xcllt_hard_L_np2.sh \
  testing/xcllt_hard_U_np4.sh testing/xcqr_stock_np4.sh \
  testing/xcqr_hard_np2.sh testing/xcqr_hard_np4.sh \
  testing/xcls_stock_np4.sh testing/xcls_hard_np2.sh \
  testing/xzllt_stock_np4.sh testing/xzllt_hard_L_np2.sh \
  testing/xzllt_hard_U_np4.sh testing/xzqr_stock_np4.sh \
  testing/xzqr_hard_np2.sh testing/xzqr_hard_np4.sh \
  testing/xzls_stock_np4.sh testing/xzls_hard_np2.sh \
  testing/xsllt_emu_np2.sh testing/xcqr_emu_np2.sh \
  testing/xzllt_emu_np4.sh testing/xzqr_emu_np4.sh \
  testing/disable_prec_np2.sh
# xslu, xclu, xzlu (PSGETRF, PCGETRF, PZGETRF): per precision LU.dat on 4
# ranks (the file's T: condition estimation and iterative refinement),
# lu_hard on 2 (T) and on 4 (F, see xslu_hard_np4.sh), and PZGETRF on 2
# emulated GPUs per rank.
DEBIAN_LU_PREC_TESTS = \
  testing/xslu_stock_np4.sh testing/xslu_hard_np2.sh testing/xslu_hard_np4.sh \
  testing/xclu_stock_np4.sh testing/xclu_hard_np2.sh testing/xclu_hard_np4.sh \
  testing/xzlu_stock_np4.sh testing/xzlu_hard_np2.sh testing/xzlu_hard_np4.sh \
  testing/xzlu_emu_np4.sh
COMPAT_TESTS += $(FCALL_Z_TESTS) $(DEBIAN_PREC_TESTS) $(DEBIAN_LU_PREC_TESTS)

# Only the compatibility tests: make check-compat
check-compat:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(COMPAT_TESTS)'
.PHONY: check-compat
