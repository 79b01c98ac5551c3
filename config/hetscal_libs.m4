# Detection of the numerical libraries: pthreads, BLAS/LAPACK (OpenBLAS
# preferred) and ScaLAPACK (with its BLACS).

AC_DEFUN([HETSCAL_CHECK_PTHREAD], [
  AC_SEARCH_LIBS([pthread_create], [pthread], [],
                 [AC_MSG_ERROR([POSIX threads are required])])
  AC_SEARCH_LIBS([dlsym], [dl], [], [AC_MSG_ERROR([dlsym is required])])
  AC_SEARCH_LIBS([sqrt], [m])
])

AC_DEFUN([HETSCAL_CHECK_LAPACK], [
  AC_ARG_VAR([LAPACK_LIBS], [linker flags for BLAS and LAPACK (default: -lopenblas, else -llapack -lblas)])
  AS_IF([test -z "$LAPACK_LIBS"], [
    hetscal_save_LIBS=$LIBS
    AC_SEARCH_LIBS([dpotrf_], [openblas], [LAPACK_LIBS=-lopenblas], [
      AC_CHECK_LIB([lapack], [dpotrf_], [LAPACK_LIBS="-llapack -lblas"],
        [AC_MSG_ERROR([no LAPACK found: apt-get install libopenblas-dev liblapack-dev, or set LAPACK_LIBS])],
        [-lblas])])
    LIBS=$hetscal_save_LIBS
  ])
  AC_SUBST([LAPACK_LIBS])
])

AC_DEFUN([HETSCAL_CHECK_SCALAPACK], [
  AC_ARG_VAR([SCALAPACK_LIBS], [linker flags for ScaLAPACK with BLACS (default -lscalapack-mpich or -lscalapack-openmpi)])
  AS_IF([test -z "$SCALAPACK_LIBS"], [SCALAPACK_LIBS=-lscalapack-$hetscal_mpi])
  hetscal_save_LIBS=$LIBS
  LIBS="$SCALAPACK_LIBS $LAPACK_LIBS $LIBS"
  AC_MSG_CHECKING([for Cblacs2sys_handle and pdpotrf_ in $SCALAPACK_LIBS])
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[
      int Cblacs2sys_handle(int); void pdpotrf_(void);]],
      [[(void)Cblacs2sys_handle(0); pdpotrf_();]])],
    [AC_MSG_RESULT([yes])],
    [AC_MSG_RESULT([no])
     AC_MSG_ERROR([ScaLAPACK not found: apt-get install libscalapack-$hetscal_mpi-dev, or set SCALAPACK_LIBS])])
  LIBS=$hetscal_save_LIBS
  # The shared object the tests and timers dlopen to call the reference.
  AC_ARG_VAR([SCALAPACK_SO], [reference ScaLAPACK shared object for side-by-side tests])
  AS_IF([test -z "$SCALAPACK_SO"], [
    for hetscal_so in /usr/lib/x86_64-linux-gnu/libscalapack-$hetscal_mpi.so.2.2 \
                      /usr/lib/*/libscalapack-$hetscal_mpi.so /usr/lib/libscalapack-$hetscal_mpi.so; do
      AS_IF([test -f "$hetscal_so"], [SCALAPACK_SO=$hetscal_so; break])
    done])
  AC_DEFINE_UNQUOTED([HETSCAL_REFERENCE_SCALAPACK], ["$SCALAPACK_SO"],
                     [Reference ScaLAPACK shared object used by tests and timers])
  AC_SUBST([SCALAPACK_LIBS])
  AC_ARG_VAR([SCALAPACK_TESTS_DIR], [directory with Debian's ScaLAPACK testers (xdllt, xdqr, xdls)])
  AS_IF([test -z "$SCALAPACK_TESTS_DIR"], [SCALAPACK_TESTS_DIR=/usr/lib/x86_64-linux-gnu/scalapack/$hetscal_mpi-tests])
])

# ELPA (Debian's libelpa-dev), the second reference of timing/time_elpa:
# its Cholesky factorization is what CP2K and Quantum ESPRESSO call
# instead of PDPOTRF.  Debian builds it on Open MPI's ScaLAPACK, so it is
# looked for in the Open MPI build only; optional.
AC_DEFUN([HETSCAL_CHECK_ELPA], [
  AC_ARG_VAR([ELPA_CFLAGS], [compiler flags for ELPA (default -I/usr/include/elpa)])
  AC_ARG_VAR([ELPA_LIBS], [linker flags for ELPA (default -lelpa)])
  hetscal_elpa=no
  AS_IF([test "$hetscal_mpi" = openmpi], [
    AS_IF([test -z "$ELPA_CFLAGS"], [ELPA_CFLAGS=-I/usr/include/elpa])
    AS_IF([test -z "$ELPA_LIBS"], [ELPA_LIBS=-lelpa])
    hetscal_save_CPPFLAGS=$CPPFLAGS
    hetscal_save_LIBS=$LIBS
    CPPFLAGS="$ELPA_CFLAGS $CPPFLAGS"
    LIBS="$ELPA_LIBS $SCALAPACK_LIBS $LAPACK_LIBS $LIBS"
    AC_MSG_CHECKING([for ELPA's elpa_cholesky (timing/time_elpa)])
    AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <elpa/elpa.h>]],
        [[int e; elpa_t h = elpa_allocate(&e); double a = 0; elpa_cholesky(h, &a, &e);]])],
      [hetscal_elpa=yes])
    AC_MSG_RESULT([$hetscal_elpa])
    CPPFLAGS=$hetscal_save_CPPFLAGS
    LIBS=$hetscal_save_LIBS
  ])
  AC_SUBST([ELPA_CFLAGS])
  AC_SUBST([ELPA_LIBS])
  AM_CONDITIONAL([HETSCAL_ELPA], [test "$hetscal_elpa" = yes])
])
