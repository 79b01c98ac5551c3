#!/bin/sh
# fcall_pzgetrf_np4.sh: the plain Fortran PZGETRF caller
# (testing/fortran/fcall_getrf.F90, complex*16) linked with hetscal first,
# 4 ranks (2x2 grid); hetscal's verbose lines prove that its PZGETRF was
# the one called, the reference P?GETRS solves with its factor and pivots.
exec sh "$top_srcdir/testing/fortran/run_fcall.sh" pzgetrf 4
