# The tests of P?POTRF with the ScaLAPACK-style tester testing/xllt
# (testing/tester.mk; inputs in testing/data/): the built-in input on 1
# and 4 ranks, testing/data/llt_hard.dat on 2 and 4 ranks, in double;
# single and complex (-precision s,c,z) in testing/llt_prec_*.sh.

llt_tests = \
  testing/llt_default_np1.sh testing/llt_default_np4.sh \
  testing/llt_hard_np4.sh testing/llt_hard_np2.sh \
  testing/llt_copy_tasks_np1.sh testing/llt_copy_tasks_np4.sh testing/in_place_np4.sh \
  testing/pieces_np4.sh testing/pieces_emu_np4.sh \
  testing/llt_threads_np2.sh
TESTS += $(llt_tests)
EXTRA_DIST += $(llt_tests) testing/data/llt_hard.dat \
  testing/data/llt_one_block.dat testing/data/llt_few_blocks.dat

# PSPOTRF, PCPOTRF and PZPOTRF: the built-in input on 1 and 4 ranks,
# llt_hard.dat on 4, and on 2 with emulated GPUs.
llt_prec_tests = \
  testing/llt_prec_default_np14.sh testing/llt_prec_hard_np4.sh \
  testing/llt_prec_emu_np2.sh
TESTS += $(llt_prec_tests)
EXTRA_DIST += $(llt_prec_tests)
