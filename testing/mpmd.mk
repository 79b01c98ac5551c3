# Ranks of one job launched with different environments (threads, tile
# variables, devices, CPU sets): every rank must still build the same
# layout (src/api/config_agree.c); and calls from several threads at once.
mpmd_tests = testing/mpmd_llt_np2.sh testing/mpmd_qr_np2.sh \
  testing/mpmd_llt_np4.sh testing/mpmd_qr_np4.sh testing/mpmd_lu_np2.sh
TESTS += $(mpmd_tests)
EXTRA_DIST += $(mpmd_tests) testing/mpmd/run_mpmd.sh testing/data/llt_mpmd.dat \
  testing/data/qr_mpmd.dat

# Several threads of each process calling at once on their own grids.
check_PROGRAMS += testing/t_concurrent_calls
testing_t_concurrent_calls_SOURCES = testing/t_concurrent_calls.c
testing_t_concurrent_calls_LDADD = $(HETSCAL_LA) $(SCALAPACK_LIBS) $(LAPACK_LIBS) -lpthread -lm
concurrent_tests = testing/t_concurrent_calls_np1.sh testing/t_concurrent_calls_np2.sh \
  testing/t_concurrent_calls_np4.sh testing/t_concurrent_calls_emu_np2.sh \
  testing/t_concurrent_small_calls_np2.sh
TESTS += $(concurrent_tests)
EXTRA_DIST += $(concurrent_tests)
