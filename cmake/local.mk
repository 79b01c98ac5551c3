# The CMake package: find_package(hetscal) finds LIBDIR/cmake/hetscal/
# hetscalConfig.cmake and its version file (the same in both builds) and
# this build's target file, named after its library as hetscal.pc is
# (hetscal-targets.cmake or hetscal-openmpi-targets.cmake), so that the
# MPICH and the Open MPI builds install side by side.
cmakedir = $(libdir)/cmake/hetscal
cmake_DATA = cmake/hetscalConfig.cmake cmake/hetscalConfigVersion.cmake
if HETSCAL_OPENMPI
cmake_DATA += cmake/hetscal-openmpi-targets.cmake
cmake/hetscal-openmpi-targets.cmake: cmake/hetscal-targets.cmake
	cp cmake/hetscal-targets.cmake $@
CLEANFILES += cmake/hetscal-openmpi-targets.cmake
else
cmake_DATA += cmake/hetscal-targets.cmake
endif
EXTRA_DIST += cmake/hetscalConfig.cmake.in cmake/hetscalConfigVersion.cmake.in \
  cmake/hetscal-targets.cmake.in
