#!/bin/sh
# Half of xdtesters_np124.sh, so that both halves run side by side in
# .ci/run's Open MPI stage: complex*16 on 1, 2 and 4 ranks, complex on 4
# (as xdtesters_ds_np124.sh).
: "${top_srcdir:?run through make check}"
HETSCAL_PRECISIONS="z c:4" exec sh "$top_srcdir/testing/xdtesters_np124.sh"
