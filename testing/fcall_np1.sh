#!/bin/sh
# fcall_np1.sh: a plain Fortran ScaLAPACK program linked with hetscal first
# (testing/fortran/fcall_potrf.F90), 1 rank; hetscal's verbose line
# proves that its PDPOTRF was the one called.
exec sh "$top_srcdir/testing/fortran/run_fcall.sh" pdpotrf 1
