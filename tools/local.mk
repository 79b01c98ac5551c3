# hetscal-info (man/man1/hetscal-info.1): an installed program that says
# what hetscal will do in a job, run as the job runs.  It links the
# convenience library, as the unit tests do, to read the configuration,
# devices and rates where a call reads them; libhetscal's exports stay
# the entry points (testing/exports.sh).
bin_PROGRAMS += tools/hetscal-info
tools_hetscal_info_SOURCES = tools/hetscal_info.h tools/hetscal_info_main.c \
  tools/hetscal_info_facts.c tools/hetscal_info_print.c tools/hetscal_info_selftest.c
if HETSCAL_CUDA
# The CUDA libraries' versions; the rest goes through src/device.
tools_hetscal_info_SOURCES += tools/hetscal_info_cuda.c
endif
EXTRA_DIST += tools/hetscal_info_cuda.c
tools_hetscal_info_CPPFLAGS = $(AM_CPPFLAGS) $(CUDA_CPPFLAGS)
tools_hetscal_info_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS) -ldl -lm

# On 2 ranks, with and without --json, the ranks' devices different.
TESTS += testing/hetscal_info_np2.sh
EXTRA_DIST += testing/hetscal_info_np2.sh
