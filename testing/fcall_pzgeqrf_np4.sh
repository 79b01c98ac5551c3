#!/bin/sh
# fcall_pzgeqrf_np4.sh: the plain Fortran PZGEQRF caller
# (testing/fortran/fcall_geqrf.F90, complex*16) linked with hetscal first,
# 4 ranks (2x2 grid); hetscal's verbose lines prove that its PZGEQRF was the
# one called.
exec sh "$top_srcdir/testing/fortran/run_fcall.sh" pzgeqrf 4
