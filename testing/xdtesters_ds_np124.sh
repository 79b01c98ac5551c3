#!/bin/sh
# Half of xdtesters_np124.sh, so that both halves run side by side in
# .ci/run's Open MPI stage: double on 1, 2 and 4 ranks, single on 4 (the
# preloaded symbols and the Open MPI launch are the precisions' same
# path; the default suite runs every precision's testers on MPICH).
: "${top_srcdir:?run through make check}"
HETSCAL_PRECISIONS="d s:4" exec sh "$top_srcdir/testing/xdtesters_np124.sh"
