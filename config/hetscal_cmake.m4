# HETSCAL_CMAKE_PACKAGE: what cmake/hetscal-targets.cmake.in needs to give
# a CMake program the same MPI as this build's (MPI is part of the link
# requirements: a program of one MPI cannot use a library of the other, and
# FindMPI in the user's project could find either on Debian).  The MPI
# compiler wrapper says what it adds: -I directories become the target's
# include directories, -L, -l and -Wl, words its link flags.  A CC that is
# no wrapper leaves only the library that MPI_Init_thread was found in.
AC_DEFUN([HETSCAL_CMAKE_PACKAGE], [
  AC_MSG_CHECKING([the MPI flags of $CC for the CMake package])
  AS_IF([test "$hetscal_mpi" = openmpi],
        [hetscal_mpi_shown=`$CC --showme 2>/dev/null`],
        [hetscal_mpi_shown=`$CC -show 2>/dev/null`])
  HETSCAL_MPI_INCDIRS= HETSCAL_MPI_LINK=
  hetscal_first=yes
  for hetscal_word in $hetscal_mpi_shown; do
    # the first word is the compiler the wrapper runs
    AS_IF([test $hetscal_first = yes], [hetscal_first=no; continue])
    AS_CASE([$hetscal_word],
      [-I*], [HETSCAL_MPI_INCDIRS="$HETSCAL_MPI_INCDIRS `echo "$hetscal_word" | sed 's/^-I//'`"],
      [-L*|-l*|-Wl,*|-pthread], [HETSCAL_MPI_LINK="$HETSCAL_MPI_LINK $hetscal_word"])
  done
  AS_IF([test -z "$HETSCAL_MPI_LINK"], [
    AS_CASE([$ac_cv_search_MPI_Init_thread],
      ["none required"|no|""], [],
      [HETSCAL_MPI_LINK=$ac_cv_search_MPI_Init_thread])])
  AC_MSG_RESULT([include${HETSCAL_MPI_INCDIRS:- none}; link${HETSCAL_MPI_LINK:- none}])
  AC_SUBST([HETSCAL_MPI_INCDIRS])
  AC_SUBST([HETSCAL_MPI_LINK])
  # The CUDA stand-in is linked into the library itself (testing/cuda_standin.mk):
  # an installed stand-in build has no CUDA library to name.
  AS_IF([test "x$enable_cuda_standin" = xyes],
        [HETSCAL_CMAKE_CUDA_LIBS=], [HETSCAL_CMAKE_CUDA_LIBS=$CUDA_LIBS])
  AC_SUBST([HETSCAL_CMAKE_CUDA_LIBS])
  # hetscalConfigVersion.cmake turns away a project of another pointer size.
  AC_CHECK_SIZEOF([void *])
  AC_SUBST([HETSCAL_SIZEOF_VOID_P], [$ac_cv_sizeof_void_p])
])
