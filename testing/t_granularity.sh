#!/bin/sh
# The tile choice from kernel rates (testing/t_granularity.c): parsing, the
# model, the probe; then a second process finds the probe's rates in the
# rates file the first one wrote, and two processes probing at once write
# each size once.
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
export OPENBLAS_NUM_THREADS OMP_NUM_THREADS
rates=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-rates.XXXXXX") || exit 1
trap 'rm -rf "$rates"' EXIT
prog="$top_builddir/testing/t_granularity"
timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-600}" "$prog" "$rates/sub/kernel-rates" || exit 1
check=$(timeout -k 10 "${HETSCAL_TEST_TIMEOUT:-600}" "$prog" "$rates/sub/kernel-rates" check) ||
    { echo "$check"; exit 1; }
# One line per size; a size the probe stored under load that the second
# process rejected and measured again has its new line appended.
want=2
[ "$check" = refreshed ] && want=3
lines=$(wc -l <"$rates/sub/kernel-rates")
[ "$lines" -eq "$want" ] || { echo "FAIL: the rates file has $lines lines, not $want" >&2; exit 1; }
# Two processes measuring at once (as the ranks of a node do) leave one
# line per size.
"$prog" "$rates/both" > /dev/null & first=$!
"$prog" "$rates/both" > /dev/null || exit 1
wait $first || exit 1
lines=$(wc -l <"$rates/both")
[ "$lines" -eq 2 ] || { echo "FAIL: two processes at once wrote $lines lines, not 2" >&2; exit 1; }
