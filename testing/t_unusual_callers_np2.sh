#!/bin/sh
# Calls from inside OpenMP regions (the other thread waiting as the
# OpenMP runtime chooses); two 1x1 grids on sub-communicators.
exec "$LAUNCH" 2 "$top_builddir/testing/t_unusual_callers"
