#!/bin/sh
# The fork test with hetscal off (every call to the reference ScaLAPACK):
# what MPICH does with forked children, for comparison.
HETSCAL_DISABLE=1; export HETSCAL_DISABLE
exec "$LAUNCH" 2 "$top_builddir/testing/t_fork"
