#!/bin/sh
# run_llt.sh NP [INPUT]: runs the PDPOTRF tester on NP ranks through the
# test launcher; passes only if every rank exits 0 and the summary reports
# no failed case.  Used by the testing/llt_*.sh tests.
np=$1; shift
. "${top_srcdir:-.}/testing/tester/run_common.sh"
tester_start run_llt.sh xllt
sh "$LAUNCH" "$np" "$prog" "$@" >"$log" 2>&1
status=$?
cat "$log"
if tester_passed "$log" "$status"; then
    result=0
else
    echo "FAIL: xllt on $np ranks (exit status $status; see the FAILED rows above)" >&2
    result=1
fi
rm -f "$log"
exit $result
