#!/bin/sh
# fcall_pdgetrf_np4.sh: the plain Fortran PDGETRF caller
# (testing/fortran/fcall_getrf.F90, double precision) linked with hetscal first,
# 4 ranks (2x2 grid); hetscal's verbose lines prove that its PDGETRF was
# the one called, the reference P?GETRS solves with its factor and pivots.
exec sh "$top_srcdir/testing/fortran/run_fcall.sh" pdgetrf 4
