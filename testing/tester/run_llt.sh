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
calls_ok=0
if [ "${LLT_COUNT_CALLS:-0}" = 1 ]; then
    tester_run_verbose "$np" "$@"
    # P x Q calls for every row with N > 0, by the precision of its header
    tester_check_calls potrf run_llt.sh "$(
        awk '/^P.POTRF tester on/ { p = tolower(substr($1, 2, 1))
                                    order[++k] = p; n[p] = 0 }
             /(PASSED|FAILED)/ && $1 > 0 { n[p] += $3 * $4 }
             END { for (i = 1; i <= k; i++) print order[i], n[order[i]] }' \
            "$log")"
else
    err=
    sh "$LAUNCH" "$np" "$prog" "$@" >"$log" 2>&1
    status=$?
    cat "$log"
fi
tester_finish xllt "$np" POTRF 1
