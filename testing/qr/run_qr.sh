#!/bin/sh
# run_qr.sh NP [-precision LIST] [INPUT]: runs the P?GEQRF tester on NP
# ranks through the test launcher with HETSCAL_VERBOSE=1; passes only if
# every rank exits 0, the summary reports no failed case and hetscal's
# verbose lines show that every P?GEQRF call of each precision (the
# tester's and the reference P?GELS's) was hetscal's
# (HETSCAL_EXPECT_VERBOSE=0 drops that check).  With HETSCAL_DEVICES set,
# also prints each precision's tasks run on GPUs.  Used by
# testing/qr_*.sh.
np=$1; shift
. "${top_srcdir:-.}/testing/tester/run_common.sh"
tester_start run_qr.sh xqr
err=$(mktemp "${TMPDIR:-/tmp}/xqr-err.XXXXXX") || exit 99
HETSCAL_VERBOSE=1 sh "$LAUNCH" "$np" "$prog" "$@" >"$log" 2>"$err"
status=$?
cat "$log"
# the summary's "P?GEQRF calls with M, N > 0 ...: COUNT", one per precision
calls=$(sed -n 's/^P\(.\)GEQRF calls with M, N > 0.*: \([0-9][0-9]*\)$/\1 \2/p' "$log" |
        tr SDCZ sdcz)
echo "$calls" | tester_compare_calls geqrf "$err" run_qr.sh
calls_ok=$?
[ -n "$calls" ] || calls_ok=1 # no precision's summary
if [ -n "${HETSCAL_DEVICES:-}" ]; then
    echo "$calls" | tester_gpu_tasks geqrf "$err" run_qr.sh
fi
result=0
if ! tester_passed "$log" "$status"; then
    echo "FAIL: xqr on $np ranks (exit status $status; see the FAILED rows above)" >&2
    result=1
elif [ "${HETSCAL_EXPECT_VERBOSE:-1}" != 0 ] && [ "$calls_ok" -ne 0 ]; then
    echo "FAIL: xqr on $np ranks: fewer or more hetscal verbose lines than P?GEQRF calls made (not every call reached hetscal)" >&2
    result=1
fi
if [ "$result" -ne 0 ]; then
    echo "---- standard error (last 40 lines) ----"
    tail -n 40 "$err"
fi
rm -f "$log" "$err"
exit $result
