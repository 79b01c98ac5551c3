#!/bin/sh
# Hybrid Cholesky placement and copy counts, 2x2 grid, 1 emulated GPU each,
# accelerator panels not a multiple of the host panel width.
exec "$LAUNCH" 4 "$top_builddir/testing/t_placement" 401 24 96 40 1 2 2
