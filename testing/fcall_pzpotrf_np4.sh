#!/bin/sh
# fcall_pzpotrf_np4.sh: the plain Fortran PZPOTRF caller
# (testing/fortran/fcall_potrf.F90, complex*16) linked with hetscal first,
# 4 ranks (2x2 grid); hetscal's verbose lines prove that its PZPOTRF was the
# one called.
exec sh "$top_srcdir/testing/fortran/run_fcall.sh" pzpotrf 4
