#!/bin/sh
# args_qr_np4.sh: hetscal's PDGEQRF against the reference on bad, borderline,
# inconsistent and valid arguments, 4 ranks on the grids 2x2, 1x3 (one rank
# outside), 3x1, 1x4, 4x1 and 1x1 (three outside).
HETSCAL_TEST_TIMEOUT=${HETSCAL_TEST_TIMEOUT:-300}
export HETSCAL_TEST_TIMEOUT
$LAUNCH 4 "$top_builddir/testing/args_pdgeqrf" 2x2 1x3 3x1 1x4 4x1 1x1
rc=$?
[ "$rc" -eq 0 ] && exit 0
echo "args_qr_np4: exit status $rc (number of failed cases, or a crash)"
exit 1
