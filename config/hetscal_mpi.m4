# The MPI to build for.  --with-mpi=mpich (the default) or openmpi picks
# Debian's compiler wrappers, launcher and ScaLAPACK of that MPI; CC (or
# MPICC), FC, MPIEXEC and SCALAPACK_LIBS given by the user win.  What the
# compiler really is decides the build's flavour: an Open MPI build names
# its library libhetscal-openmpi (Debian's convention, so that both builds
# install side by side).

# HETSCAL_PICK_MPI_COMPILERS: plain shell, before any macro that would
# expand AC_PROG_CC with a default compiler.
AC_DEFUN([HETSCAL_PICK_MPI_COMPILERS], [
  AC_ARG_WITH([mpi],
    [AS_HELP_STRING([--with-mpi=mpich|openmpi],
                    [the MPI to build for (default: mpich, or what CC/MPICC is)])],
    [], [with_mpi=])
  AS_CASE([$with_mpi], [mpich|openmpi|""], [],
          [AC_MSG_ERROR([--with-mpi=$with_mpi: say mpich or openmpi])])
  AC_ARG_VAR([MPICC], [MPI C compiler wrapper (same as CC)])
  if test -z "$CC" && test -n "$MPICC"; then CC=$MPICC; fi
  hetscal_wrappers=${with_mpi:-mpich}
  # A given Open MPI wrapper brings Open MPI's Fortran wrapper along.
  if test -z "$with_mpi" && test -n "$CC" &&
     $CC --showme:version 2>&1 | grep "Open MPI" >/dev/null; then
    hetscal_wrappers=openmpi
  fi
  if test -z "$CC"; then
    for hetscal_cc in mpicc.$hetscal_wrappers mpicc; do
      if command -v $hetscal_cc >/dev/null 2>&1; then CC=$hetscal_cc; break; fi
    done
  fi
  if test -z "$FC"; then
    for hetscal_fc in mpif90.$hetscal_wrappers mpif90; do
      if command -v $hetscal_fc >/dev/null 2>&1; then FC=$hetscal_fc; break; fi
    done
  fi
])

# HETSCAL_PROG_MPI: mpi.h and MPI_Init_thread through CC; the flavour
# (hetscal_mpi: mpich or openmpi) from mpi.h; the launcher for the tests.
AC_DEFUN([HETSCAL_PROG_MPI], [
  AC_CHECK_HEADER([mpi.h], [], [AC_MSG_ERROR([mpi.h not found: install MPICH (apt-get install mpich libmpich-dev) or Open MPI (libopenmpi-dev), or set CC to an MPI compiler wrapper])])
  AC_SEARCH_LIBS([MPI_Init_thread], [mpich mpi], [],
                 [AC_MSG_ERROR([cannot link an MPI program with $CC])])
  AC_MSG_CHECKING([which MPI $CC compiles for])
  AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <mpi.h>
#ifndef OPEN_MPI
#error not Open MPI
#endif]], [])], [hetscal_mpi=openmpi], [hetscal_mpi=mpich])
  AC_MSG_RESULT([$hetscal_mpi])
  AS_IF([test -n "$with_mpi" && test "$with_mpi" != "$hetscal_mpi"],
        [AC_MSG_ERROR([--with-mpi=$with_mpi, but $CC compiles for $hetscal_mpi])])
  AS_IF([test "$hetscal_mpi" = openmpi], [HETSCAL_MPI_SUFFIX=-openmpi], [HETSCAL_MPI_SUFFIX=])
  AC_SUBST([HETSCAL_MPI_SUFFIX])
  AM_CONDITIONAL([HETSCAL_OPENMPI], [test "$hetscal_mpi" = openmpi])
  AC_ARG_VAR([MPIEXEC], [MPI launcher used by the tests (default mpiexec.mpich or mpiexec.openmpi)])
  AS_IF([test -z "$MPIEXEC"], [AC_CHECK_PROGS([MPIEXEC], [mpiexec.$hetscal_mpi mpiexec], [mpiexec])])
])

# HETSCAL_PROG_MPIFC: the Fortran MPI compiler, used only by the Fortran
# caller tests.
AC_DEFUN([HETSCAL_PROG_MPIFC], [
  LT_LANG([Fortran])
])
