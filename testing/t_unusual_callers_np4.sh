#!/bin/sh
# Calls from inside OpenMP regions on a 1x4 grid; a 1x2 and a 2x1 grid on
# two sub-communicators factoring at the same time.
OMP_WAIT_POLICY=passive; export OMP_WAIT_POLICY
exec "$LAUNCH" 4 "$top_builddir/testing/t_unusual_callers"
