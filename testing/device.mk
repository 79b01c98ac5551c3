# Unit test of the device layer (src/device): cpu and emu devices, and cuda
# when a GPU is present; a plain program, no MPI.
check_PROGRAMS += testing/t_device
testing_t_device_SOURCES = testing/t_device.c testing/row_checks.h
testing_t_device_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/t_device.sh
EXTRA_DIST += testing/t_device.sh

# Timed emulation (src/device/emu/emu_timing.h).
check_PROGRAMS += testing/t_emu_timing
testing_t_emu_timing_SOURCES = testing/t_emu_timing.c testing/row_checks.h
testing_t_emu_timing_LDADD = libhetscal_core.la $(SCALAPACK_LIBS) $(LAPACK_LIBS) $(CUDA_LIBS)
TESTS += testing/emu_timing_np1.sh
EXTRA_DIST += testing/emu_timing_np1.sh
