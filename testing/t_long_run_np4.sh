#!/bin/sh
# The long run on 4 ranks (2x2 grids, several grids at once).
exec "$LAUNCH" 4 "$top_builddir/testing/t_long_run" -calls 1000
