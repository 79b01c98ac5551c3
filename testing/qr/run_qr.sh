#!/bin/sh
# run_qr.sh NP [INPUT]: runs the PDGEQRF tester on NP ranks through the test
# launcher with HETSCAL_VERBOSE=1; passes only if every rank exits 0, the
# summary reports no failed case and hetscal's verbose lines show that every
# PDGEQRF call (the tester's and the reference PDGELS's) was hetscal's
# (HETSCAL_EXPECT_VERBOSE=0 drops that check).  Used by testing/qr_*.sh.
np=$1; shift
. "${top_srcdir:-.}/testing/tester/run_common.sh"
tester_start run_qr.sh xqr
err=$(mktemp "${TMPDIR:-/tmp}/xqr-err.XXXXXX") || exit 99
HETSCAL_VERBOSE=1 sh "$LAUNCH" "$np" "$prog" "$@" >"$log" 2>"$err"
status=$?
cat "$log"
calls=$(sed -n 's/^PDGEQRF calls with M, N > 0.*: \([0-9][0-9]*\)$/\1/p' "$log")
nverb=$(grep -c "^hetscal: pdgeqrf rank [0-9]*/[0-9]* grid" "$err")
echo "run_qr.sh: $nverb 'hetscal: pdgeqrf' verbose lines, ${calls:-?} calls expected"
result=0
if ! tester_passed "$log" "$status"; then
    echo "FAIL: xqr on $np ranks (exit status $status; see the FAILED rows above)" >&2
    result=1
elif [ "${HETSCAL_EXPECT_VERBOSE:-1}" != 0 ] && [ "$nverb" != "$calls" ]; then
    echo "FAIL: xqr on $np ranks: $nverb hetscal verbose lines where $calls PDGEQRF calls were made (not every call reached hetscal)" >&2
    result=1
fi
if [ "$result" -ne 0 ]; then
    echo "---- standard error (last 40 lines) ----"
    tail -n 40 "$err"
fi
rm -f "$log" "$err"
exit $result
