#!/bin/sh
# The long run on 4 ranks (2x2 grids, several grids at once).
# The kernel rates are given: a fresh rates file's probe (threads and
# BLAS buffers of its own, once per machine) would otherwise run when the
# first call large enough for it comes, maybe after the warm-up, and its
# one-time memory would read as growth.
HETSCAL_KERNEL_RATES=${HETSCAL_KERNEL_RATES:-128:20,256:25,512:28}
export HETSCAL_KERNEL_RATES
exec "$LAUNCH" 4 "$top_builddir/testing/t_long_run" -calls 1000
