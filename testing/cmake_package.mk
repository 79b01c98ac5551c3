# The CMake package (cmake/local.mk) as a user's project meets it: installed
# into a temporary directory, then testing/cmake/'s C and Fortran callers of
# PDPOTRF built on find_package(hetscal) and run.
TESTS += testing/cmake_package_np1.sh
EXTRA_DIST += testing/cmake_package_np1.sh testing/cmake/CMakeLists.txt \
  testing/cmake/pdpotrf_c.c testing/cmake/pdpotrf_f.f90
