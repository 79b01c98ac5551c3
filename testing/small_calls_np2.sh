#!/bin/sh
# small_calls_np2.sh: calls too small for hetscal go to the reference
# ScaLAPACK (api/small_calls.h), on a 1x2 grid.
#  1. HETSCAL_SMALL_CALLS=N: PDPOTRF and PDGETRF calls of at most an N x N
#     call's work go to the reference (its verbose line), the others run on
#     hetscal (their report), and the testers pass either way.
#  2. measured (the default outside the tests): the first small PDPOTRF
#     measures the ladder of orders once and writes the orders the
#     reference won to the rates file; a second
#     run reads it (measures nothing) and sends the same calls to the
#     reference; the tester passes both times.
: "${top_srcdir:=.}" "${top_builddir:=.}"
: "${LAUNCH:=$top_srcdir/testing/launch}"
data=$top_srcdir/testing/data
for p in xllt xlu; do
    if [ ! -x "$top_builddir/testing/$p" ]; then
        echo "small_calls_np2.sh: testing/$p is not built (make check builds it)" >&2
        exit 99
    fi
done
dir=$(mktemp -d "${TMPDIR:-/tmp}/small_calls.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
fail=0
passed() {
    [ "$2" -eq 0 ] && grep -q '^END OF TESTS\.' "$1" &&
        grep -q '^0 tests completed and failed residual checks\.' "$1"
}
# expect NAME LOG WANT: WANT lines of LOG (a pattern) or say what differs
expect() {
    got=$(grep -c "$3" "$2")
    if [ "$got" -ne "$4" ]; then
        echo "small_calls_np2.sh: $1: $got lines '$3', $4 expected"
        fail=1
    fi
}

# 1. A forced order: 120 takes N = 100 to the reference, not
# N = 150, 300 or the tester's non-SPD case (N = 200); of the LU calls
# M = N = 100, not the tall M = 400, N = 100 (more work than an order-120
# LU) or M = 150, N = 300.
# forced ROUTINE PROG INPUT RAN: the tester with HETSCAL_SMALL_CALLS=120: one
# call (M = N = 100) handed on, RAN run on hetscal.
forced() {
    upper=$(echo "$1" | tr a-z A-Z)
    HETSCAL_SMALL_CALLS=120 HETSCAL_VERBOSE=1 sh "$LAUNCH" 2 "$top_builddir/testing/$2" \
        "$data/$3" >"$dir/$2" 2>&1
    passed "$dir/$2" $? || { echo "small_calls_np2.sh: forced, $upper tester failed"; fail=1; }
    expect "forced $upper" "$dir/$2" "$1 M=100 N=100: to the next $upper" 1
    expect "forced $upper" "$dir/$2" "to the next" 1
    expect "forced $upper" "$dir/$2" "^hetscal: $1 rank 0/2 grid" "$4"
}
forced pdpotrf xllt llt_small_calls.dat 3
forced pdgetrf xlu lu_small_calls.dat 2

# 2. Measured, with a rates file of its own.
rates=$dir/rates
for run in 1 2; do
    HETSCAL_SMALL_CALLS=measured HETSCAL_RATES_FILE=$rates HETSCAL_VERBOSE=1 \
        sh "$LAUNCH" 2 "$top_builddir/testing/xllt" "$data/llt_small_calls.dat" \
        >"$dir/measured$run" 2>&1
    passed "$dir/measured$run" $? ||
        { echo "small_calls_np2.sh: measured run $run, PDPOTRF tester failed"; fail=1; }
    grep "to the next\|is faster at" "$dir/measured$run"
    grep -o "M=[0-9]* N=[0-9]*: to the next" "$dir/measured$run" >"$dir/sent$run"
done
expect "measured run 1" "$dir/measured1" "the next PDPOTRF is faster at orders" 1
expect "measured run 2" "$dir/measured2" "the next PDPOTRF is faster at orders" 0
expect "measured run 2" "$dir/measured2" "(measured now)" 0
expect "rates file" "$rates" "^hand_on [0-9]* .*call=pdpotrfL;grid=1x2;blocks=64x64;" 1
if ! cmp -s "$dir/sent1" "$dir/sent2"; then
    echo "small_calls_np2.sh: the run that read the measured orders sent other calls to the reference"
    fail=1
fi
# Every call (the tester's 3 and its non-SPD one) either went to the
# reference or ran on hetscal.
for run in 1 2; do
    n=$(($(grep -c "to the next" "$dir/measured$run") +
         $(grep -c "^hetscal: pdpotrf rank 0/2 grid" "$dir/measured$run")))
    [ "$n" -eq 4 ] || { echo "small_calls_np2.sh: measured run $run: $n of 4 calls seen"; fail=1; }
done
if [ "$fail" -ne 0 ]; then
    for f in xllt xlu measured1 measured2 rates; do echo "== $f"; cat "$dir/$f"; done
    exit 1
fi
echo "1 passed, 0 failed"
