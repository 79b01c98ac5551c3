#!/bin/sh
# Random task programs, 2 ranks with 1 emulated GPU each (messages through
# the host), then 2 (messages from and to the GPUs' memory, as where MPI
# takes it).
"$LAUNCH" 2 "$top_builddir/testing/t_runtime" 80 250 1 || exit 1
HETSCAL_GPU_MESSAGES=on exec "$LAUNCH" 2 "$top_builddir/testing/t_runtime" 80 250 2
