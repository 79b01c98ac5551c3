# Ranks of one job launched with different environments (threads, tile
# variables, devices, CPU sets): every rank must still build the same
# layout (src/api/config_agree.c).
mpmd_tests = testing/mpmd_llt_np2.sh testing/mpmd_qr_np2.sh \
  testing/mpmd_llt_np4.sh testing/mpmd_qr_np4.sh
TESTS += $(mpmd_tests)
EXTRA_DIST += $(mpmd_tests) testing/mpmd/run_mpmd.sh testing/data/llt_mpmd.dat \
  testing/data/qr_mpmd.dat
