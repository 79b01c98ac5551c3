#!/bin/sh
# Half of xdtesters_np124.sh (the complex*16 and complex precisions), so
# that both halves run side by side in .ci/run's Open MPI stage.
: "${top_srcdir:?run through make check}"
HETSCAL_PRECISIONS="z c" exec sh "$top_srcdir/testing/xdtesters_np124.sh"
