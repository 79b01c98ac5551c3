#!/bin/sh
# run_lu.sh NP [-precision LIST] [INPUT]: runs the P?GETRF tester on NP
# ranks through the test launcher with HETSCAL_VERBOSE=1; passes only if
# every rank exits 0, the summary reports no failed case and hetscal's
# verbose lines show that every P?GETRF call of each precision was
# hetscal's.  With HETSCAL_DEVICES set, also prints each precision's tasks
# run on GPUs.  Used by testing/lu_*.sh.
np=$1; shift
. "${top_srcdir:-.}/testing/tester/run_common.sh"
tester_start run_lu.sh xlu
err=$(mktemp "${TMPDIR:-/tmp}/xlu-err.XXXXXX") || exit 99
HETSCAL_VERBOSE=1 sh "$LAUNCH" "$np" "$prog" "$@" >"$log" 2>"$err"
status=$?
cat "$log"
# the summary's "P?GETRF calls with M, N > 0 ...: COUNT", one per precision
calls=$(sed -n 's/^P\(.\)GETRF calls with M, N > 0.*: \([0-9][0-9]*\)$/\1 \2/p' "$log" |
        tr SDCZ sdcz)
echo "$calls" | tester_compare_calls getrf "$err" run_lu.sh
calls_ok=$?
[ -n "$calls" ] || calls_ok=1 # no precision's summary
if [ -n "${HETSCAL_DEVICES:-}" ]; then
    echo "$calls" | tester_gpu_tasks getrf "$err" run_lu.sh
fi
result=0
if ! tester_passed "$log" "$status"; then
    echo "FAIL: xlu on $np ranks (exit status $status; see the FAILED rows above)" >&2
    result=1
elif [ "$calls_ok" -ne 0 ]; then
    echo "FAIL: xlu on $np ranks: fewer or more hetscal verbose lines than P?GETRF calls made (not every call reached hetscal)" >&2
    result=1
fi
if [ "$result" -ne 0 ]; then
    echo "---- standard error (last 40 lines) ----"
    tail -n 40 "$err"
fi
rm -f "$log" "$err"
exit $result
