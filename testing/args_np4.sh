#!/bin/sh
# args_np4.sh: hetscal's PDPOTRF against the reference on bad, borderline,
# inconsistent and valid arguments, 4 ranks on the grids 2x2, 1x3 (one rank
# outside), 3x1, 1x4 and 1x1 (three outside).
HETSCAL_TEST_TIMEOUT=${HETSCAL_TEST_TIMEOUT:-300}
export HETSCAL_TEST_TIMEOUT
$LAUNCH 4 "$top_builddir/testing/args_pdpotrf" 2x2 1x3 3x1 1x4 1x1
rc=$?
[ "$rc" -eq 0 ] && exit 0
echo "args_np4: exit status $rc (number of failed cases, or a crash)"
exit 1
