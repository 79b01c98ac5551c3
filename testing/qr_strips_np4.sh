#!/bin/sh
# The P?GEQRF tester on testing/data/qr_strips.dat, 4 ranks, in double
# and single complex: the caller's 128-blocks in place as the square tiles
# of the caller's grid (HETSCAL_QR_GRID=1; the default takes that layout
# only for shares above 64 MiB), where a rank's tiles of a trailing column
# on the panel's process column are updated in strips (algo/qr.c,
# qr_vta_strip and qr_update_strip): several a column here (up to 9 tiles
# a rank), the first with the panel's top tile, sub(A) on and off the
# first process.  Passes when every case passes and every P?GEQRF call's
# verbose line says its tiles were the caller's blocks, in its array, on
# the caller's grid (layout=gathered).
: "${top_srcdir:=$(dirname "$0")/..}"
. "$top_srcdir/testing/tester/run_common.sh"
HETSCAL_QR_GRID=1
export HETSCAL_QR_GRID
tester_start qr_strips_np4.sh xqr
tester_run_verbose 4 -precision d,c "$top_srcdir/testing/data/qr_strips.dat"
trap 'rm -f "$err" "$log"' EXIT
calls=$(grep -c "^hetscal: p[dc]geqrf rank" "$err")
kept=$(grep "^hetscal: p[dc]geqrf rank.*(caller's blocks).*tiles in the caller's array" "$err" |
       grep -c "layout=gathered")
echo "qr_strips_np4: $kept of $calls rank-calls on the caller's blocks in place, on its grid"
failed=0
if tester_run_failed "xqr on qr_strips.dat"; then
    failed=1
elif [ "$calls" -eq 0 ] || [ "$kept" -ne "$calls" ]; then
    echo "FAIL: every call should keep the caller's blocks in place on its grid"
    failed=1
fi
exit $failed
