# The tests of P?GETRF with the ScaLAPACK-style tester testing/xlu
# (testing/tester.mk; every precision: -precision s,d,c,z): the built-in
# input on 1 and 4 ranks in double and in S, C, Z, testing/data/lu_hard.dat
# on 4 ranks, the built-in input on 2 ranks with emulated GPUs, singular
# matrices (testing/data/lu_singular.dat) on 4, the hard input on 2
# ranks of 2 threads and, in every precision, on the 2-D grid layout in
# small tiles; the 2-D layout's row moves alone; the spread panel alone,
# and the hard input and larger orders on one-thread ranks with the 2-D
# layout's panels spread.

LU_TESTS = \
  testing/lu_default_np14.sh testing/lu_prec_default_np14.sh \
  testing/lu_hard_np4.sh testing/lu_emu_np2.sh testing/lu_singular_np4.sh \
  testing/lu_threads_np2.sh testing/lu_grid_hard_np4.sh testing/lu_grid_moves.sh \
  testing/lu_spread_panel.sh testing/lu_spread_hard_np4.sh \
  testing/lu_spread_np4.sh testing/lu_spread_emu_np4.sh testing/strips_np4.sh
TESTS += $(LU_TESTS)
check_PROGRAMS += testing/t_lu_grid_moves
testing_t_lu_grid_moves_SOURCES = testing/t_lu_grid_moves.c
testing_t_lu_grid_moves_LDADD = libhetscal_core.la $(LAPACK_LIBS) $(CUDA_LIBS)
check_PROGRAMS += testing/t_lu_spread_panel
testing_t_lu_spread_panel_SOURCES = testing/t_lu_spread_panel.c testing/spread_team.h \
  testing/spread_team.c
testing_t_lu_spread_panel_LDADD = libhetscal_core.la $(LAPACK_LIBS) $(CUDA_LIBS)
EXTRA_DIST += $(LU_TESTS) testing/data/lu_hard.dat \
  testing/data/lu_one_block.dat testing/data/lu_in_place.dat \
  testing/data/lu_singular.dat testing/data/lu_strips.dat testing/data/qr_strips.dat \
  testing/data/llt_strips.dat testing/data/lu_spread.dat

# Only P?GETRF's tester: make check-lu
check-lu:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(LU_TESTS)'
.PHONY: check-lu
