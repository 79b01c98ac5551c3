#!/bin/sh
# Random task programs, 4 ranks with 1 emulated GPU each.
exec "$LAUNCH" 4 "$top_builddir/testing/t_runtime" 100 250 1
