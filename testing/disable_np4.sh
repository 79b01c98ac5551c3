#!/bin/sh
# HETSCAL_DISABLE=1 forwards every PDPOTRF to the reference ScaLAPACK: the
# tester still passes and hetscal reports no call of its own.
exec sh "$top_srcdir/testing/tester/run_disabled.sh" pdpotrf xllt
