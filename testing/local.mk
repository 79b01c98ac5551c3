# Core unit tests (internal APIs, linked with the convenience library) and
# the test harness.
EXTRA_DIST += testing/idle_sleep.c testing/blacs_tools.h testing/README.md

# Preloaded by testing/launch when ranks outnumber cores.
check_LTLIBRARIES = testing/libidlesleep.la
testing_libidlesleep_la_SOURCES = testing/idle_sleep.c
testing_libidlesleep_la_CFLAGS = $(AM_CFLAGS) -Wno-missing-prototypes
testing_libidlesleep_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
testing_libidlesleep_la_LIBADD = -ldl

# The check and failure count of the serial unit tests that print each
# failure (t_granularity, t_cache_probe, t_panel_placement).
t_expect_sources = testing/t_expect.h testing/t_expect.c

# The send window's order (src/runtime/send_window.c), which real runs
# follow only as fast as their messages complete.
check_PROGRAMS += testing/t_send_window
testing_t_send_window_SOURCES = testing/t_send_window.c $(t_expect_sources)
testing_t_send_window_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/t_send_window

check_PROGRAMS += testing/t_runtime
testing_t_runtime_SOURCES = testing/t_runtime.c \
  testing/placement_model.h testing/placement_model.c
testing_t_runtime_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS)
TESTS += testing/t_runtime_np1.sh testing/t_runtime_np2.sh testing/t_runtime_np4.sh \
  testing/t_runtime_np8.sh
EXTRA_DIST += testing/t_runtime_np1.sh testing/t_runtime_np2.sh testing/t_runtime_np4.sh \
  testing/t_runtime_np8.sh

# Allocations failing in the middle of a call (src/util/mem.c injection,
# the received-copy sink of src/runtime/dist.c), and a real address-space
# limit, through PDPOTRF, PDGEQRF and PDGETRF (testing/factor_problem.c).
check_PROGRAMS += testing/t_out_of_memory testing/t_memory_limit
testing_t_memory_limit_SOURCES = testing/t_memory_limit.c testing/factor_problem.c \
  testing/factor_problem.h
testing_t_memory_limit_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
testing_t_out_of_memory_SOURCES = testing/t_out_of_memory.c testing/factor_problem.c \
  testing/factor_problem.h
testing_t_out_of_memory_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
out_of_memory_tests = testing/t_out_of_memory_np2.sh testing/t_out_of_memory_np4.sh \
  testing/t_memory_limit_np2.sh \
  testing/t_memory_limit_in_place_np1.sh testing/t_memory_limit_grid_np2.sh \
  testing/t_memory_limit_grid128_np2.sh testing/t_memory_limit_grid_np4.sh \
  testing/t_out_of_memory_emu_np4.sh testing/t_out_of_memory_pieces_np4.sh \
  testing/t_mpi_error_np2.sh testing/t_mpi_error_np4.sh \
  testing/t_device_failure_np2.sh testing/t_device_failure_np4.sh \
  testing/t_lu_spread_faults_np4.sh testing/t_lu_spread_device_failure_np4.sh
TESTS += $(out_of_memory_tests)
EXTRA_DIST += $(out_of_memory_tests) testing/memory_limit_grid_run.sh

TESTS += testing/trace_np4.sh
EXTRA_DIST += testing/trace_np4.sh

# The two-level (B x b) tile layout on the host.
TESTS += testing/llt_split_np4.sh
EXTRA_DIST += testing/llt_split_np4.sh

# The off switch (testing/tester/run_disabled.sh is shared with
# testing/disable_qr_np4.sh, in qr.mk).
TESTS += testing/disable_np4.sh
EXTRA_DIST += testing/disable_np4.sh testing/tester/run_disabled.sh

# Hundreds of receives in flight on one-thread ranks (runtime/progress.c).
TESTS += testing/many_receives_np2.sh
EXTRA_DIST += testing/many_receives_np2.sh

# Small calls handed to the reference by measured orders.
TESTS += testing/small_calls_np2.sh testing/mpmd_small_calls_np2.sh
EXTRA_DIST += testing/small_calls_np2.sh testing/mpmd_small_calls_np2.sh \
  testing/data/llt_small_calls.dat \
  testing/data/lu_small_calls.dat
# On one process, to LAPACK.
TESTS += testing/hand_on_lapack_np1.sh
EXTRA_DIST += testing/hand_on_lapack_np1.sh testing/data/llt_one_process.dat \
  testing/data/lu_one_process.dat testing/data/qr_one_process.dat

include testing/granularity.mk
include testing/gpu.mk

# The CUDA stand-in, with --enable-cuda-standin.
include testing/cuda_standin.mk
