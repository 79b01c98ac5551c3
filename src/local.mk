# libhetscal: every source goes into one convenience library (internal
# symbols visible, for the unit tests); libhetscal.la (libhetscal-openmpi.la
# in an Open MPI build) exports only the entry points (-fvisibility=hidden +
# HETSCAL_EXPORT).  Sources by folder,
# in the layers' order (doc/ARCHITECTURE.md section 2).
HETSCAL_CORE_SOURCES = \
  src/sim/sim_call.h src/sim/sim_call.c src/sim/sim_machine.h src/sim/sim_machine.c \
  src/sim/sim.h src/sim/sim_impl.h src/sim/sim.c src/sim/sim_messages.c src/sim/sim_gang.c \
  src/sim/sim_path.h src/sim/sim_path.c src/sim/sim_links.h src/sim/sim_links.c \
  src/sim/sim_fiber.h src/sim/sim_fiber.c \
  src/api/export.h src/api/version.c src/api/release_memory.c \
  src/api/check_args.h src/api/check_args.c src/api/call_report.h src/api/call_report.c \
  src/api/cholesky_call.h src/api/cholesky_call.c \
  src/api/config_agree.h src/api/config_agree.c src/api/call_guard.h src/api/call_guard.c \
  src/api/call_driver.h src/api/call_driver.c src/api/call_entry.h src/api/call_entry.c \
  src/api/small_calls.h src/api/small_calls.c \
  src/api/hand_on.h src/api/hand_on.c src/api/hand_on_body.h \
  src/api/run_summary.h src/api/run_summary.c src/api/mpi_finalize.c \
  src/api/call_common.h src/api/call_common.c src/api/call_pieces.h src/api/call_pieces.c \
  src/api/pxpotrf.c src/api/qr_call.c \
  src/api/pxgetrf.c src/api/lu_call.h src/api/lu_call.c \
  src/plan/granularity.h src/plan/granularity.c \
  src/plan/device_split.h src/plan/device_split.c \
  src/plan/panel_placement.h src/plan/panel_placement.c \
  src/plan/top_tile.h src/plan/top_tile.c \
  src/plan/gpu_placement.h src/plan/gpu_placement.c \
  src/algo/cholesky.h src/algo/cholesky.c src/algo/qr.h src/algo/qr.c \
  src/algo/lu.h src/algo/lu.c src/algo/lu_grid.h src/algo/lu_grid.c src/algo/algo_inputs.h \
  src/algo/panel_pack_tasks.h src/algo/panel_pack_tasks.c src/algo/strip_tasks.h \
  src/kernels/cholesky_kernels.h src/kernels/cholesky_kernels.c \
  src/kernels/cholesky_kernels_body.h \
  src/kernels/qr_kernels.h src/kernels/qr_kernels.c src/kernels/qr_kernels_body.h \
  src/kernels/strip_runs.h \
  src/kernels/lu_kernels.h src/kernels/lu_kernels.c src/kernels/lu_kernels_body.h \
  src/kernels/lu_pivot_search.h src/kernels/lu_pivot_search.c \
  src/kernels/lu_grid_kernels.h src/kernels/lu_grid_kernels_body.h src/kernels/lu_grid_moves.c \
  src/kernels/lu_spread_panel.h src/kernels/lu_spread_panel.c src/kernels/lu_spread_panel_body.h \
  src/kernels/lu_spread_part.h src/kernels/lu_spread_part.c \
  src/kernels/lu_spread_device.h src/kernels/lu_spread_device.c \
  src/kernels/row_list.h src/kernels/row_list.c \
  src/kernels/panel_pack.h src/kernels/panel_pack.c src/kernels/panel_pack_body.h \
  src/kernels/piece_kernels.h src/kernels/piece_kernels.c \
  src/kernels/lu_pivot_search_body.h src/kernels/lu_panel_team_body.h \
  src/kernels/chol_panel_team_body.h src/kernels/qr_panel_team_body.h \
  src/kernels/qr_tree_team_body.h \
  src/kernels/kernel_work.h src/kernels/kernel_work.c \
  src/runtime/engine.h src/runtime/engine.c src/runtime/engine_impl.h \
  src/runtime/engine_handles.c src/runtime/engine_tasks.c \
  src/runtime/engine_devices.c src/runtime/engine_drivers.c src/runtime/team.h src/runtime/team.c \
  src/runtime/device_memory.h src/runtime/device_memory.c \
  src/runtime/ready_heap.h src/runtime/ready_heap.c src/runtime/dist.h src/runtime/dist.c \
  src/runtime/status.h src/runtime/dist_impl.h src/runtime/dist_holders.c \
  src/runtime/dist_devices.c \
  src/runtime/session.h src/runtime/session.c \
  src/runtime/device_rates.h src/runtime/device_rates.c \
  src/runtime/panel_probe.h src/runtime/panel_probe.c \
  src/runtime/probe_matrix.h src/runtime/probe_matrix.c \
  src/runtime/trace.h src/runtime/trace.c src/runtime/progress.h src/runtime/progress.c \
  src/runtime/exchange.h src/runtime/exchange.c \
  src/runtime/send_window.h src/runtime/send_window.c \
  src/runtime/send_heap.h src/runtime/send_heap.c \
  src/comm/messages.h src/comm/messages.c \
  src/layout/tile_model.h src/layout/tile_model.c src/layout/desc.h \
  src/layout/tile_geometry.h src/layout/tile_geometry.c src/layout/proc_grid.h \
  src/layout/repartition.h src/layout/repartition.c src/layout/copy_strided.h \
  src/layout/tile_pieces.h src/layout/tile_pieces.c \
  src/util/kernel_rates.h src/util/kernel_rates.c src/util/flop_counts.h \
  src/util/kernel_rates_file.h src/util/kernel_rates_file.c src/util/blas.h \
  src/util/panel_rates.h src/util/panel_rates.c \
  src/util/cache_probe.h src/util/cache_probe.c \
  src/util/work_class.h src/util/work_class.c src/util/machine_file.h src/util/machine_file.c \
  src/util/host_blas.h src/util/host_blas.c src/util/host_blas_body.h \
  src/util/precision.h src/util/prec_types.h src/util/prec_undef.h \
  src/util/prec_instantiate.h src/util/blas_prec.h \
  src/util/blas_threads.h src/util/blas_threads.c src/util/config.h src/util/config.c \
  src/util/mem.h src/util/mem.c src/util/clock.h src/util/fault.h src/util/fifo.h \
  src/util/flop_counts.h \
  src/util/thread_name.h src/util/thread_name.c src/util/env_guard.h src/util/env_guard.c \
  src/util/env_word.h src/util/env_word.c src/util/fork_guard.h src/util/fork_guard.c

noinst_LTLIBRARIES += libhetscal_core.la
libhetscal_core_la_SOURCES = $(HETSCAL_CORE_SOURCES)
libhetscal_core_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden
libhetscal_core_la_CPPFLAGS = $(AM_CPPFLAGS) $(CUDA_CPPFLAGS)
libhetscal_core_la_LIBADD = $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)

# The MPICH build makes libhetscal, the Open MPI build libhetscal-openmpi
# (configure --with-mpi): the same library under Debian's naming, so that
# both install side by side.  HETSCAL_LA is the one this build links.
if HETSCAL_OPENMPI
lib_LTLIBRARIES += libhetscal-openmpi.la
HETSCAL_LA = libhetscal-openmpi.la
else
lib_LTLIBRARIES += libhetscal.la
HETSCAL_LA = libhetscal.la
endif
HETSCAL_LA_LDFLAGS = -version-info $(HETSCAL_LT_VERSION) -no-undefined
libhetscal_la_SOURCES =
libhetscal_la_LIBADD = libhetscal_core.la
libhetscal_la_LDFLAGS = $(HETSCAL_LA_LDFLAGS)
libhetscal_openmpi_la_SOURCES =
libhetscal_openmpi_la_LIBADD = libhetscal_core.la
libhetscal_openmpi_la_LDFLAGS = $(HETSCAL_LA_LDFLAGS)
# libtool wants a linker language for a library without sources of its own.
nodist_EXTRA_libhetscal_la_SOURCES = dummy.c
nodist_EXTRA_libhetscal_openmpi_la_SOURCES = dummy.c
