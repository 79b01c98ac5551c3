#!/bin/sh
# fcall_pzpotrf_np1.sh: the plain Fortran PZPOTRF caller
# (testing/fortran/fcall_potrf.F90, complex*16) linked with hetscal first,
# 1 rank; hetscal's verbose lines prove that its PZPOTRF was the one called.
exec sh "$top_srcdir/testing/fortran/run_fcall.sh" pzpotrf 1
