# timing/time_scalapack: hetscal's P?POTRF, P?GEQRF and P?GETRF (-precision
# s, d, c, z) against the reference ScaLAPACK's, side by side on the same
# matrices, with the GEMM ceiling of the same cores (it reuses the testers'
# input reader, random entries and pass test from testing/).  Inputs:
# timing/*.dat.
noinst_PROGRAMS += timing/time_scalapack
timing_time_scalapack_SOURCES = \
  timing/time_scalapack.h timing/time_scalapack.c \
  timing/time_input.c timing/time_options.c timing/time_default_input.c \
  timing/time_precision.c timing/time_matrix.c timing/time_pblas.c \
  timing/time_potrf.c timing/time_geqrf.c timing/time_getrf.c \
  timing/time_threads.c timing/time_ceiling.c timing/time_reference.c \
  timing/time_stats.c timing/int_list.h timing/int_list.c \
  timing/time_blas_threads.h timing/time_blas_threads.c \
  $(dat_reader_sources) $(llt_matrix_sources)
timing_time_scalapack_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/testing/tester
timing_time_scalapack_LDADD = $(HETSCAL_LA) $(SCALAPACK_LIBS) $(LAPACK_LIBS) -lpthread -ldl
timing_inputs = \
  timing/potrf_default.dat timing/geqrf_default.dat \
  timing/getrf_default.dat timing/quick.dat timing/plot.dat
EXTRA_DIST += $(timing_inputs) timing/plot_gflops.py timing/trace_gantt.py

# `make plot`: GFLOP/s against N of hetscal, the reference and the DGEMM
# ceiling, 1 rank x 2 threads (timing/plot.dat), drawn into timing/plot.png
# by timing/plot_gflops.py with the first of $(PYTHON3) and /usr/bin/python3
# that has matplotlib (Debian: python3-matplotlib).  Not part of make check.
PYTHON3 = python3
plot: timing/time_scalapack testing/libidlesleep.la
	$(abs_top_srcdir)/testing/launch 1 timing/time_scalapack \
	  -f $(srcdir)/timing/plot.dat -csv timing/plot.csv
	@for py in $(PYTHON3) /usr/bin/python3; do \
	  if $$py -c 'import matplotlib' 2>/dev/null; then \
	    echo "$$py $(srcdir)/timing/plot_gflops.py timing/plot.csv timing/plot.png"; \
	    exec $$py $(srcdir)/timing/plot_gflops.py timing/plot.csv timing/plot.png; \
	  fi; \
	done; echo "make plot: no python3 with matplotlib (apt-get install python3-matplotlib)" >&2; exit 1
.PHONY: plot
CLEANFILES += timing/plot.csv timing/plot.png

# timing/time_elpa: hetscal's PDPOTRF (UPLO U) against ELPA's
# elpa_cholesky on the same matrices and grid (Open MPI build with
# libelpa-dev; configure says whether it is built).
if HETSCAL_ELPA
noinst_PROGRAMS += timing/time_elpa
timing_time_elpa_SOURCES = timing/time_elpa.c timing/int_list.h timing/int_list.c
timing_time_elpa_CPPFLAGS = $(AM_CPPFLAGS) $(ELPA_CFLAGS)
timing_time_elpa_LDADD = $(HETSCAL_LA) $(ELPA_LIBS) $(SCALAPACK_LIBS) $(LAPACK_LIBS) -lm
endif

# timing/bench_runtime: runtime overhead per task (host, or a tiny GEMM on an accelerator).
noinst_PROGRAMS += timing/bench_runtime
timing_bench_runtime_SOURCES = timing/bench_runtime.c
timing_bench_runtime_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)

# timing/time_keep_memory: repeated calls with HETSCAL_KEEP_MEMORY=1, the
# default and 0, in turn.
noinst_PROGRAMS += timing/time_keep_memory
timing_time_keep_memory_SOURCES = timing/time_keep_memory.c
timing_time_keep_memory_LDADD = $(HETSCAL_LA) $(SCALAPACK_LIBS) $(LAPACK_LIBS)

# timing/time_mpi_progress: how much of a large message one MPI test moves
# while a rank computes (why runtime/progress.c tests again while tests copy).
noinst_PROGRAMS += timing/time_mpi_progress
timing_time_mpi_progress_SOURCES = timing/time_mpi_progress.c

# timing/time_update_shapes: one rank's trailing update in place as tiles,
# column strips or one DGEMM (what coarse per-rank updates would gain),
# and QR's sums V^H A by column strips, over groups of columns, or whole.
noinst_PROGRAMS += timing/time_update_shapes
timing_time_update_shapes_SOURCES = timing/time_update_shapes.c
timing_time_update_shapes_LDADD = $(LAPACK_LIBS)

# timing/time_spread_panel: the spread LU panel's members as threads, on
# the host, emulated GPUs or CUDA GPUs, beside the panel gathered (the
# per-column cost on a device, for the model's spread panels on GPUs).
noinst_PROGRAMS += timing/time_spread_panel
timing_time_spread_panel_SOURCES = timing/time_spread_panel.c \
  testing/spread_team.h testing/spread_team.c
timing_time_spread_panel_CPPFLAGS = $(AM_CPPFLAGS) $(CUDA_CPPFLAGS)
timing_time_spread_panel_LDADD = libhetscal_core.la $(LAPACK_LIBS) $(CUDA_LIBS)

# timing/time_lapack: the single-process yardsticks of the targets (DGEMM
# rate of 1 and 2 BLAS threads, LAPACK's DPOTRF, DGEQRF and DGETRF).
noinst_PROGRAMS += timing/time_lapack
timing_time_lapack_SOURCES = timing/time_lapack.c \
  timing/time_blas_threads.h timing/time_blas_threads.c
timing_time_lapack_LDADD = $(LAPACK_LIBS) -ldl

# `make targets`: every performance target with what this machine measures,
# hetscal and the reference side by side in one run (timing/targets.sh,
# about an hour on 2 cores).  Not part of make check.
targets: timing/time_scalapack timing/time_lapack testing/libidlesleep.la
	top_srcdir=$(abs_top_srcdir) top_builddir=. $(abs_top_srcdir)/timing/targets.sh
.PHONY: targets
EXTRA_DIST += timing/targets.sh timing/targets.awk timing/targets.dat timing/targets_2x2.dat
clean-local: clean-targets
clean-targets:
	rm -rf timing/targets-out
.PHONY: clean-targets

# timing/predict: a call's time on a machine (this host, or a machine file
# in timing/machines/), simulated from the real task stream
# (src/sim/sim_call.h).  One process; no mpiexec needed.
noinst_PROGRAMS += timing/predict
timing_predict_SOURCES = timing/predict.h timing/predict.c timing/predict_local.c \
  timing/int_list.h timing/int_list.c
timing_predict_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) -lpthread
EXTRA_DIST += timing/machines/keeneland.machine timing/machines/h100.machine \
  timing/machines/emu.machine timing/machines/h200-lent.machine timing/machines/a100.machine \
  timing/machines/h100-lent.machine
# Predicted against measured on this host (quiet host, minutes; not in
# make check): CPUs alone, and with timed emulated GPUs.
EXTRA_DIST += timing/validate_predict.sh timing/validate_emu.sh timing/scale_table.sh \
  timing/summary_cost.sh
