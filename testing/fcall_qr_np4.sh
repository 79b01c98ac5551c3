#!/bin/sh
# fcall_qr_np4.sh: the Fortran PDGEQRF caller on 4 ranks (2x2 grid).
exec sh "$top_srcdir/testing/fortran/run_fcall.sh" pdgeqrf 4
