#!/bin/sh
# Half of xdtesters_np124.sh (the double and single precisions), so that
# both halves run side by side in .ci/run's Open MPI stage.
: "${top_srcdir:?run through make check}"
HETSCAL_PRECISIONS="d s" exec sh "$top_srcdir/testing/xdtesters_np124.sh"
