#!/bin/sh
# The simulation (timing/predict, src/runtime/sim.h) inserts exactly the
# task instances and messages of a real run: for P?POTRF, P?GEQRF and
# P?GETRF on 1, 2 and 4 ranks (every grid shape, one and two threads,
# tiles from the size rule, from HETSCAL_NB_SMALL, the caller's blocks,
# the repartition as tasks, QR and LU with M != N), every rank's tasks,
# messages sent and received and bytes sent in a real call (its
# HETSCAL_VERBOSE line, through timing/time_scalapack) equal the
# simulated rank's.
: "${top_srcdir:=$(dirname "$0")/..}"
: "${top_builddir:=.}"
export top_builddir
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0 cases=0

# case NP P Q THREADS ROUTINE M N NB [VAR=VALUE ...]
check() {
    np=$1 p=$2 q=$3 threads=$4 routine=$5 m=$6 n=$7 nb=$8
    shift 8
    [ "$routine" = potrf ] && m=$n   # square
    cases=$((cases + 1))
    env "$@" HETSCAL_VERBOSE=1 "$top_srcdir/testing/launch" "$np" \
        "$top_builddir/timing/time_scalapack" -routine "$routine" -m "$m" -n "$n" -nb "$nb" \
        -p "$p" -q "$q" -threads "$threads" -reps 1 -nocheck >"$tmp/real.out" 2>&1 || {
        echo "FAIL: the real run failed: $*"; cat "$tmp/real.out"; fails=$((fails + 1)); return; }
    # The last call of each rank (a run may warm up first): tile and counts.
    sed -n "s/^hetscal: p.$routine rank \([0-9]*\)\/.* tile=\([0-9]*\).* tasks=\([0-9]*\) .*msgs_sent=\([0-9]*\) msgs_recv=\([0-9]*\) bytes_sent=\([0-9]*\) .*/rank \1 tile=\2 tasks=\3 msgs_sent=\4 msgs_recv=\5 bytes_sent=\6/p" \
        "$tmp/real.out" | sort -s -k2,2n | awk '{ last[$2] = $0 } END { for (r in last) print last[r] }' |
        sort -k2,2n >"$tmp/real"
    env "$@" "$top_builddir/timing/predict" -machine "$top_srcdir/testing/data/tiny.machine" \
        -routine "$routine" -m "$m" -n "$n" -nb "$nb" -p "$p" -q "$q" -threads "$threads" \
        -counts >"$tmp/sim.out" 2>&1 || {
        echo "FAIL: the simulation failed: $*"; cat "$tmp/sim.out"; fails=$((fails + 1)); return; }
    sed -n 's/^  \(rank .*\)/\1/p' "$tmp/sim.out" | sort -k2,2n >"$tmp/sim"
    if [ "$(wc -l <"$tmp/real")" -ne "$np" ] || ! cmp -s "$tmp/real" "$tmp/sim"; then
        echo "FAIL: $routine M=$m N=$n NB=$nb ${p}x$q threads=$threads $*"
        echo "  real:"; sed 's/^/    /' "$tmp/real"
        echo "  simulated:"; sed 's/^/    /' "$tmp/sim"
        fails=$((fails + 1))
    else
        echo "ok: $routine M=$m N=$n NB=$nb ${p}x$q threads=$threads $* ($(awk '{ split($4, a, "="); t += a[2] } END { print t }' "$tmp/sim") tasks)"
    fi
}

for routine in potrf geqrf getrf; do
    check 1 1 1 1 $routine 700 700 32
    check 1 1 1 2 $routine 900 600 48 HETSCAL_NB_SMALL=96
    check 1 1 1 2 $routine 800 800 64 HETSCAL_OVERLAP_COPIES=2
    check 2 1 2 1 $routine 700 700 32
    check 2 2 1 1 $routine 650 700 40 HETSCAL_NB_SMALL=64
    check 2 1 2 2 $routine 800 800 100
    check 4 2 2 1 $routine 700 700 32
    check 4 1 4 1 $routine 1000 900 50 HETSCAL_NB_SMALL=72
    check 4 4 1 1 $routine 700 700 64 HETSCAL_WINDOW=24
done
echo "$cases cases, $fails failed"
[ "$fails" -eq 0 ]
