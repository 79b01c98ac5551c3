# HETSCAL_PROG_MPI: use MPICH's compiler wrapper unless CC is given, and
# find the matching mpiexec for the tests.
# HETSCAL_PICK_MPI_COMPILERS: plain shell, before any macro that would
# expand AC_PROG_CC with a default compiler.
AC_DEFUN([HETSCAL_PICK_MPI_COMPILERS], [
  if test -z "$CC"; then
    for hetscal_cc in mpicc.mpich mpicc; do
      if command -v $hetscal_cc >/dev/null 2>&1; then CC=$hetscal_cc; break; fi
    done
  fi
  if test -z "$FC"; then
    for hetscal_fc in mpif90.mpich mpif90; do
      if command -v $hetscal_fc >/dev/null 2>&1; then FC=$hetscal_fc; break; fi
    done
  fi
])

AC_DEFUN([HETSCAL_PROG_MPI], [
  AC_CHECK_HEADER([mpi.h], [], [AC_MSG_ERROR([mpi.h not found: install MPICH (apt-get install mpich libmpich-dev) or set CC to an MPI compiler wrapper])])
  AC_SEARCH_LIBS([MPI_Init_thread], [mpich mpi], [],
                 [AC_MSG_ERROR([cannot link an MPI program with $CC])])
  AC_ARG_VAR([MPIEXEC], [MPI launcher used by the tests (default mpiexec.mpich)])
  AS_IF([test -z "$MPIEXEC"], [AC_CHECK_PROGS([MPIEXEC], [mpiexec.mpich mpiexec], [mpiexec])])
])

# HETSCAL_PROG_MPIFC: the Fortran MPI compiler, used only by the Fortran
# caller tests.
AC_DEFUN([HETSCAL_PROG_MPIFC], [
  LT_LANG([Fortran])
])
