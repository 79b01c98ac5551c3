# Heterogeneous execution (doc/ARCHITECTURE.md sections 4-6) on emulated GPUs:
# the runtime against its placement model, the PDPOTRF testers and Debian's
# xdllt with HETSCAL_DEVICES=emu:N, GPU memory smaller than the share, and
# the CPU fallback when CUDA is asked for but no GPU exists.
check_PROGRAMS += testing/t_placement
testing_t_placement_SOURCES = testing/t_placement.c \
  testing/placement_model.h testing/placement_model.c
testing_t_placement_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
# The panels' placement rule against hand computations.
check_PROGRAMS += testing/t_panel_placement
testing_t_panel_placement_SOURCES = testing/t_panel_placement.c $(t_expect_sources)
testing_t_panel_placement_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/t_panel_placement
# The accelerator columns' width rule against hand computations.
check_PROGRAMS += testing/t_top_tile
testing_t_top_tile_SOURCES = testing/t_top_tile.c $(t_expect_sources)
testing_t_top_tile_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/t_top_tile

hetero_tests = \
  testing/t_placement_np1.sh testing/t_placement_np2.sh testing/t_placement_np4.sh \
  testing/t_runtime_emu_np1.sh testing/t_runtime_emu_np2.sh \
  testing/t_runtime_emu_np4.sh testing/t_runtime_emu_small_np2.sh \
  testing/llt_emu_np1.sh testing/llt_emu_np2.sh testing/llt_emu_np4.sh \
  testing/llt_emu_small_np4.sh testing/xdllt_emu_np1.sh testing/xdllt_emu_np2.sh \
  testing/xdllt_emu_np4.sh \
  testing/cuda_absent.sh testing/llt_regrid_np2.sh \
  testing/qr_emu_np2.sh testing/qr_emu_np4.sh testing/qr_urgent_off_emu_np2.sh \
  testing/t_qr_call_emu_np2.sh \
  testing/xdqr_emu_np4.sh testing/xdqr_emu_grid_np4.sh testing/llt_chained_emu_np2.sh \
  testing/copy_tasks_emu_np1.sh \
  testing/device_rates_file_np2.sh testing/panel_placement_np2.sh
TESTS += $(hetero_tests)
EXTRA_DIST += $(hetero_tests) testing/data/llt_emu.dat testing/data/llt_regrid.dat \
  testing/rates_file_frame.sh
