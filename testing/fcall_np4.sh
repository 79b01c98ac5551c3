#!/bin/sh
# fcall_np4.sh: the Fortran ScaLAPACK program linked with hetscal first on a
# 2x2 grid, 4 ranks.
exec sh "$top_srcdir/testing/fortran/run_fcall.sh" pdpotrf 4
