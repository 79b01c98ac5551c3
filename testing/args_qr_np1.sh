#!/bin/sh
# args_qr_np1.sh: hetscal's PDGEQRF against the reference on bad, borderline
# and valid arguments (INFO, WORK(1), A and TAU), 1 rank (1x1 grid, invalid
# and exited contexts).
HETSCAL_TEST_TIMEOUT=${HETSCAL_TEST_TIMEOUT:-300}
export HETSCAL_TEST_TIMEOUT
$LAUNCH 1 "$top_builddir/testing/args_pdgeqrf" 1x1
rc=$?
[ "$rc" -eq 0 ] && exit 0
echo "args_qr_np1: exit status $rc (number of failed cases, or a crash)"
exit 1
