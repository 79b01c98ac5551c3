#!/bin/sh
# Hundreds of receives in flight on one-thread ranks (runtime/progress.c:
# between its tasks such a rank tests the oldest receives, and all of them
# every few passes or when it has nothing to run).  Two ranks of one
# thread, tiles of 16 and a task window that holds the whole call, so that
# each rank posts every receive as soon as it is generated; the three
# routines pass time_scalapack's residual check, and each rank's verbose
# line says it had more receives in flight than a pass tests at once.
# Without the test harness's idle sleep (testing/idle_sleep.c), which
# would sleep in every test of that many requests: 2 ranks fit 2 cores.
. "${top_srcdir:=$(dirname "$0")/..}/testing/rates_file_frame.sh"

# run ROUTINE N: the timer's ROUTINE of order N on a 2 x 1 grid (blocks of
# 64); its output in $tmp/ROUTINE.out.
run() {
    env HETSCAL_NO_IDLE_SLEEP=1 HETSCAL_NB_SMALL=16 HETSCAL_NUM_THREADS=1 \
        HETSCAL_WINDOW=1000000 HETSCAL_VERBOSE=1 \
        "$top_srcdir/testing/launch" 2 "$top_builddir/timing/time_scalapack" -routine "$1" \
        -n "$2" -nb 64 -p 2 -q 1 -threads 1 -reps 1 -noceiling -noref >"$tmp/$1.out" 2>&1 ||
        { fail "$1: the run or its residual check failed"; cat "$tmp/$1.out"; }
}

# A pass tests the oldest 64 receives alone while more than 128 are in
# flight (TESTED_OLDEST in runtime/progress.c).
for case in "potrf 800" "getrf 2400" "geqrf 2400"; do
    set -- $case
    run "$1" "$2"
    counts=$(sed -n 's/^hetscal: pd[a-z]* rank .* receives_at_once=\([0-9]*\) .*/\1/p' \
        "$tmp/$1.out" | sort -n | tr '\n' ' ')
    echo "$1 N=$2: receives in flight at once, per rank: $counts"
    [ "$(echo "$counts" | wc -w)" -eq 2 ] || fail "$1: $(echo "$counts" | wc -w) ranks reported"
    for k in $counts; do
        [ "$k" -gt 128 ] || fail "$1: a rank had only $k receives in flight at once"
    done
done

finish many_receives_np2.sh
