#!/bin/sh
# run_llt.sh NP [-precision LIST] [INPUT]: runs the P?POTRF tester on NP
# ranks through the test launcher; passes only if every rank exits 0 and
# the summary reports no failed case.  With LLT_COUNT_CALLS=1, it runs
# with HETSCAL_VERBOSE=1, keeps standard error apart, and hetscal's
# verbose lines must show one call per process of the grid for every case
# with N > 0, in each precision (every call reached hetscal); with
# HETSCAL_DEVICES set, it also prints each precision's tasks run on GPUs.
# Used by the testing/llt_*.sh tests.
np=$1; shift
. "${top_srcdir:-.}/testing/tester/run_common.sh"
tester_start run_llt.sh xllt
if [ "${LLT_COUNT_CALLS:-0}" = 1 ]; then
    err=$(mktemp "${TMPDIR:-/tmp}/xllt-err.XXXXXX") || exit 99
    HETSCAL_VERBOSE=1 sh "$LAUNCH" "$np" "$prog" "$@" >"$log" 2>"$err"
else
    err=
    sh "$LAUNCH" "$np" "$prog" "$@" >"$log" 2>&1
fi
status=$?
cat "$log"
calls_ok=0
if [ -n "$err" ]; then
    # P x Q calls for every row with N > 0, by the precision of its header
    calls=$(awk '/^P.POTRF tester on/ { p = tolower(substr($1, 2, 1))
                                         order[++k] = p; n[p] = 0 }
                 /(PASSED|FAILED)/ && $1 > 0 { n[p] += $3 * $4 }
                 END { for (i = 1; i <= k; i++) print order[i], n[order[i]] }' \
            "$log")
    echo "$calls" | tester_compare_calls potrf "$err" run_llt.sh
    calls_ok=$?
    [ -n "$calls" ] || calls_ok=1 # no precision's summary
    if [ -n "${HETSCAL_DEVICES:-}" ]; then
        echo "$calls" | tester_gpu_tasks potrf "$err" run_llt.sh
    fi
fi
if ! tester_passed "$log" "$status"; then
    echo "FAIL: xllt on $np ranks (exit status $status; see the FAILED rows above)" >&2
    result=1
elif [ "$calls_ok" -ne 0 ]; then
    echo "FAIL: xllt on $np ranks: fewer or more hetscal verbose lines than P?POTRF calls made (not every call reached hetscal)" >&2
    result=1
else
    result=0
fi
if [ "$result" -ne 0 ] && [ -n "$err" ]; then
    echo "---- standard error (last 40 lines) ----"
    tail -n 40 "$err"
fi
rm -f "$log" $err
exit $result
