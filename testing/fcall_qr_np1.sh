#!/bin/sh
# fcall_qr_np1.sh: a plain Fortran ScaLAPACK program calling PDGEQRF, linked
# with hetscal first (testing/fortran/fcall_geqrf.F90), 1 rank; hetscal's
# verbose line proves that its PDGEQRF was the one called.
exec sh "$top_srcdir/testing/fortran/run_fcall.sh" pdgeqrf 1
