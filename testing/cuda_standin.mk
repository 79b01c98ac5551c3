# The CUDA stand-in (testing/cuda_standin/, ./configure --enable-cuda-standin):
# CUDA's runtime and cuBLAS run on the host with strict checks, so that the
# CUDA backend runs, and is checked, on machines without a GPU.  Linked into
# libhetscal_core (hence libhetscal.so, for the preloaded Debian testers)
# through CUDA_LIBS, built with hidden symbols: nothing is exported.
cuda_standin_headers = \
  testing/cuda_standin/include/cuda_runtime.h testing/cuda_standin/include/cublas_v2.h \
  testing/cuda_standin/include/cuComplex.h testing/cuda_standin/include/cusolverDn.h
cuda_standin_sources = testing/cuda_standin/standin.h \
  testing/cuda_standin/standin_core.c testing/cuda_standin/standin_config.c \
  testing/cuda_standin/standin_tables.c testing/cuda_standin/standin_devices.c \
  testing/cuda_standin/standin_memory.c testing/cuda_standin/standin_streams.c \
  testing/cuda_standin/standin_events.c testing/cuda_standin/standin_copies.c \
  testing/cuda_standin/standin_cublas.c testing/cuda_standin/standin_cublas_level3.c \
  testing/cuda_standin/standin_cublas_call.h testing/cuda_standin/standin_cublas_call.c \
  testing/cuda_standin/standin_cublas_level12.c \
  testing/cuda_standin/standin_host_blas.c testing/cuda_standin/standin_cusolver.c \
  testing/cuda_standin/standin_cusolver_factors.c testing/cuda_standin/standin_cusolver_qr.c \
  testing/cuda_standin/standin_cusolver_larft.c testing/cuda_standin/standin_handles.c \
  testing/cuda_standin/standin_contexts.c testing/cuda_standin/standin_versions.c \
  testing/cuda_standin/standin_peers.c testing/cuda_standin/standin_cublas_batched.c \
  testing/cuda_standin/standin_mpi.c
# The stand-in's own test, its check against the toolkit's headers, and the
# backend's tests with HETSCAL_DEVICES=cuda.
cuda_standin_tests = \
  testing/t_cuda_standin.sh testing/cuda_standin_headers.sh \
  testing/cuda_llt_np2.sh testing/cuda_qr_np2.sh testing/cuda_qr_call_np2.sh \
  testing/cuda_concurrent_calls_np2.sh testing/cuda_sticky_np2.sh \
  testing/cuda_xdllt_np2.sh testing/cuda_xdqr_np4.sh testing/cuda_app_device_np2.sh \
  testing/cuda_visible_mpmd_np2.sh testing/cuda_llt_prec_np2.sh testing/cuda_qr_prec_np2.sh \
  testing/cuda_pinned_np2.sh testing/cuda_np1.sh testing/cuda_lu_np2.sh \
  testing/cuda_exclusive_np1.sh testing/cuda_info_np2.sh testing/cuda_xlu_np4.sh \
  testing/cuda_xlu_grid_np4.sh testing/cuda_xdqr_grid_np4.sh testing/cuda_xdllt_np8.sh \
  testing/cuda_host_panels_np2.sh testing/cuda_peer_np1.sh testing/t_cuda_peer.sh \
  testing/cuda_spread_column.sh testing/cuda_xlu_spread_np4.sh
EXTRA_DIST += $(cuda_standin_headers) $(cuda_standin_sources) $(cuda_standin_tests) \
  testing/cuda_standin/enum_values.c testing/cuda_standin/bin/nvidia-smi \
  testing/t_cuda_standin.h \
  testing/t_cuda_standin.c testing/t_cuda_standin_rules.c testing/t_cuda_standin_blas.c \
  testing/t_cuda_standin_level12.c \
  testing/t_cuda_app_device.c testing/t_cuda_pinned.c testing/t_cuda_peer.c

if HETSCAL_CUDA_STANDIN
noinst_LTLIBRARIES += testing/cuda_standin/libcudastandin.la
testing_cuda_standin_libcudastandin_la_SOURCES = $(cuda_standin_sources) $(cuda_standin_headers)
testing_cuda_standin_libcudastandin_la_CPPFLAGS = -I$(top_srcdir)/testing/cuda_standin/include
testing_cuda_standin_libcudastandin_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden
testing_cuda_standin_libcudastandin_la_LIBADD = $(LAPACK_LIBS)
# CUDA_LIBS is a configure substitution: automake cannot see this edge.
EXTRA_libhetscal_core_la_DEPENDENCIES = testing/cuda_standin/libcudastandin.la

check_PROGRAMS += testing/t_cuda_standin
testing_t_cuda_standin_SOURCES = testing/t_cuda_standin.h testing/row_checks.h testing/t_cuda_standin.c \
  testing/t_cuda_standin_rules.c testing/t_cuda_standin_blas.c testing/t_cuda_standin_level12.c
testing_t_cuda_standin_CPPFLAGS = -I$(top_srcdir)/testing/cuda_standin/include
testing_t_cuda_standin_LDADD = testing/cuda_standin/libcudastandin.la $(LAPACK_LIBS)

# A spread LU panel's column through the stand-in's cuBLAS level-1 and -2
# routines (testing/gpu/spread_column.c, which a lent GPU times): the
# loop's factor and pivots are ?getrf's.
check_PROGRAMS += testing/spread_column
testing_spread_column_SOURCES = testing/gpu/spread_column.c
testing_spread_column_CPPFLAGS = -I$(top_srcdir)/testing/cuda_standin/include
testing_spread_column_LDADD = testing/cuda_standin/libcudastandin.la $(LAPACK_LIBS) -lm

# A call gives the application thread its selected device back.
check_PROGRAMS += testing/t_cuda_app_device
testing_t_cuda_app_device_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/testing/cuda_standin/include
testing_t_cuda_app_device_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)

# Pinned host memory: pinned once, kept, cached and released.
check_PROGRAMS += testing/t_cuda_pinned
testing_t_cuda_pinned_CPPFLAGS = $(testing_t_cuda_app_device_CPPFLAGS)
testing_t_cuda_pinned_LDADD = $(testing_t_cuda_app_device_LDADD)

# Copies between the GPUs: peer access, peer_copy, what close gives back.
check_PROGRAMS += testing/t_cuda_peer
testing_t_cuda_peer_SOURCES = testing/t_cuda_peer.c testing/row_checks.h
testing_t_cuda_peer_CPPFLAGS = $(testing_t_cuda_app_device_CPPFLAGS)
testing_t_cuda_peer_LDADD = $(testing_t_cuda_app_device_LDADD)

TESTS += $(cuda_standin_tests)
# The simulated GPUs are visible GPUs to nvidia-smi -L too.  Every test
# requires the backend's copies to be asynchronous: host memory that
# crosses to a GPU is pinned (t_cuda_standin.sh, which tests pageable
# copies themselves, unsets it).
AM_TESTS_ENVIRONMENT += STANDIN_CC='$(CC)' STANDIN_CFLAGS='$(PICKY_CFLAGS)'; \
  PATH='$(abs_top_srcdir)/testing/cuda_standin/bin':$$PATH; \
  CUDA_STANDIN_PAGEABLE=fail; \
  export STANDIN_CC STANDIN_CFLAGS PATH CUDA_STANDIN_PAGEABLE;
endif
