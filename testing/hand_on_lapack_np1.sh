#!/bin/sh
# hand_on_lapack_np1.sh: on a grid of one process, P?POTRF and P?GETRF
# calls handed on go to LAPACK's own routine (api/hand_on.h), in place,
# with ScaLAPACK's outputs, P?GEQRF's to the next library still: the three
# testers (every precision, L and U, square and not, blocks of 1 to 64,
# offset sub(A)) check IPIV with the reference's P?LASWP and P?GETRS, the
# factors' residuals and INFO against the reference's.
#  1. HETSCAL_SMALL_CALLS=1000000: every call is handed on (one verbose
#     line per call saying to what), and the testers pass.
#  2. measured (the default outside the tests), PDGETRF with a rates file
#     of its own: whatever this machine measured (LAPACK's DGETRF, the next
#     PDGETRF itself and hetscal all timed), the tester passes, and a
#     second run reads the decision (measures nothing) and hands on the
#     same calls, to the same takers.
#  3. that rates file's line rewritten so that the next PDGETRF itself
#     won every order of the ladder: every call of the ladder's orders goes
#     to it, and the tester passes.
# (run_common.sh: the launcher's default and tester_passed.)
. "${top_srcdir:=.}/testing/tester/run_common.sh"
data=$top_srcdir/testing/data
for p in xllt xlu xqr; do
    [ -x "$top_builddir/testing/$p" ] || { echo "testing/$p is not built" >&2; exit 99; }
done
dir=$(mktemp -d "${TMPDIR:-/tmp}/hand_on_lapack.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
fail=0

# calls ROUTINE LOG: "LETTER COUNT" lines, the calls of each precision the
# tester made with nonempty matrices (P?POTRF's: one per row with N > 0 on
# one process, by the precision of its header; the others' summaries).
calls() {
    if [ "$1" = potrf ]; then
        awk '/^P.POTRF tester on/ { p = substr($1, 2, 1); order[++k] = p; n[p] = 0 }
             /(PASSED|FAILED)/ && $1 > 0 { n[p] += $3 * $4 }
             END { for (i = 1; i <= k; i++) print order[i], n[order[i]] }' "$2"
    else
        upper=$(echo "$1" | tr a-z A-Z)
        sed -n "s/^P\(.\)$upper calls with M, N > 0.*: \([0-9][0-9]*\)\$/\1 \2/p" "$2"
    fi
}

# 1. Every call handed on.  every ROUTINE PROG INPUT TAKER: the tester in the
# four precisions; each precision's calls all handed to TAKER ("LAPACK's ",
# "the next P": its routine's name follows).
every() {
    HETSCAL_SMALL_CALLS=1000000 HETSCAL_VERBOSE=1 sh "$LAUNCH" 1 "$top_builddir/testing/$2" \
        -precision d,s,c,z "$data/$3" >"$dir/$2" 2>"$dir/$2.err"
    tester_passed "$dir/$2" $? || {
        echo "hand_on_lapack_np1.sh: $1 tester failed"
        tester_show_err "$dir/$2.err"
        fail=1
    }
    upper=$(echo "$1" | tr a-z A-Z)
    calls "$1" "$dir/$2" >"$dir/$2.calls"
    [ "$(wc -l <"$dir/$2.calls")" -eq 4 ] ||
        { echo "hand_on_lapack_np1.sh: not four precisions' $upper calls"; fail=1; }
    while read -r l count; do
        lower=$(echo "$l" | tr SDCZ sdcz)
        got=$(grep -c "^hetscal: p$lower$1 M=[0-9]* N=[0-9]*: to $4$l$upper," "$dir/$2.err")
        echo "hand_on_lapack_np1.sh: P$l$upper: $got calls to $4$l$upper, $count made"
        if [ "$count" -eq 0 ] || [ "$got" -ne "$count" ]; then
            fail=1
        fi
    done <"$dir/$2.calls"
    if grep -q "^hetscal: p.$1 rank" "$dir/$2.err"; then
        echo "hand_on_lapack_np1.sh: a $upper call ran on hetscal"
        fail=1
    fi
}
every potrf xllt llt_one_process.dat "LAPACK's "
every getrf xlu lu_one_process.dat "LAPACK's "
every geqrf xqr qr_one_process.dat "the next P"

# 2. Measured, with a rates file of its own.
rates=$dir/rates
for run in 1 2; do
    HETSCAL_SMALL_CALLS=measured HETSCAL_RATES_FILE=$rates HETSCAL_VERBOSE=1 \
        sh "$LAUNCH" 1 "$top_builddir/testing/xlu" "$data/lu_one_process.dat" \
        >"$dir/measured$run" 2>&1
    tester_passed "$dir/measured$run" $? ||
        { echo "hand_on_lapack_np1.sh: measured run $run, PDGETRF tester failed"; fail=1; }
    grep "to LAPACK's\|to the next\|is faster" "$dir/measured$run"
    grep -o "M=[0-9]* N=[0-9]*: to [^,]*" "$dir/measured$run" >"$dir/sent$run"
done
if [ "$(grep -c "is faster .*(measured)" "$dir/measured1")" -lt 1 ] ||
   [ "$(grep -c "is faster .*(measured)\|(measured now)" "$dir/measured2")" -ne 0 ]; then
    echo "hand_on_lapack_np1.sh: not measured once in run 1 and read in run 2"
    fail=1
fi
grep -q "^hand_on [0-9]* .*call=pdgetrf;grid=1x1;blocks=1x1;" "$rates" ||
    { echo "hand_on_lapack_np1.sh: no hand_on line in the rates file"; fail=1; }
if ! cmp -s "$dir/sent1" "$dir/sent2"; then
    echo "hand_on_lapack_np1.sh: the run that read the measured orders handed on other calls"
    fail=1
fi

# 3. Every order to the next PDGETRF itself (11 orders: bits 0-10, and
# 16-26 for the next library's).
sed 's/^hand_on [0-9]* \(.*call=pdgetrf;grid=1x1;\)/hand_on 134154239 \1/' "$rates" >"$rates.next"
HETSCAL_SMALL_CALLS=measured HETSCAL_RATES_FILE=$rates.next HETSCAL_VERBOSE=1 \
    sh "$LAUNCH" 1 "$top_builddir/testing/xlu" "$data/lu_one_process.dat" >"$dir/measured3" 2>&1
tester_passed "$dir/measured3" $? ||
    { echo "hand_on_lapack_np1.sh: every order to the next PDGETRF: tester failed"; fail=1; }
to_next=$(grep -c "M=[0-9]* N=[0-9]*: to the next PDGETRF, faster" "$dir/measured3")
other=$(grep -c "M=[0-9]* N=[0-9]*: to LAPACK's" "$dir/measured3")
echo "hand_on_lapack_np1.sh: every order to the next PDGETRF: $to_next calls there, $other to LAPACK"
if [ "$to_next" -lt 1 ] || [ "$other" -ne 0 ] || grep -q "is faster .*(measured)" "$dir/measured3"; then
    echo "hand_on_lapack_np1.sh: the rewritten orders did not send the calls to the next PDGETRF"
    fail=1
fi
if [ "$fail" -ne 0 ]; then
    for f in xllt xllt.err xlu xlu.err xqr xqr.err measured1 measured2 measured3 rates; do
        echo "== $f"; cat "$dir/$f"
    done
    exit 1
fi
echo "1 passed, 0 failed"
