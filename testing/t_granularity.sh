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
# process rejected and measured again has its new line appended.  (A size
# whose every pass was disturbed is not stored: a loaded host may leave
# one out, and the second process measures it.)
most=1
[ "$check" = refreshed ] && most=2
per_size=$(awk '{ n[$1]++ } END { for (b in n) print b, n[b] }' "$rates/sub/kernel-rates")
echo "$per_size" | awk -v most=$most '$1 != 128 && $1 != 192 || $2 > most { bad = 1 } END { exit bad }' ||
    { echo "FAIL: the rates file's lines per size: $per_size (at most $most each)" >&2; exit 1; }
# Two processes measuring at once (as the ranks of a node do) leave one
# line per size.
"$prog" "$rates/both" > /dev/null & first=$!
"$prog" "$rates/both" > /dev/null || exit 1
wait $first || exit 1
per_size=$(awk '{ n[$1]++ } END { for (b in n) print b, n[b] }' "$rates/both")
echo "$per_size" | awk '$2 > 1 { bad = 1 } END { exit bad || NR == 0 }' ||
    { echo "FAIL: two processes at once wrote these lines per size: $per_size" >&2; exit 1; }
