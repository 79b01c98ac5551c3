#!/bin/sh
# run_llt.sh NP [INPUT]: runs the PDPOTRF tester on NP ranks through the
# test launcher; passes only if every rank exits 0 and the summary reports
# no failed case.  Used by the testing/llt_*.sh tests.
np=$1; shift
: "${top_srcdir:=.}" "${top_builddir:=.}"
: "${LAUNCH:=$top_srcdir/testing/launch}"
prog=$top_builddir/testing/xllt
if [ ! -x "$prog" ]; then
    echo "run_llt.sh: $prog is not built (make check builds it)" >&2
    exit 99
fi
log=$(mktemp "${TMPDIR:-/tmp}/xllt.XXXXXX") || exit 99
sh "$LAUNCH" "$np" "$prog" "$@" >"$log" 2>&1
status=$?
cat "$log"
if [ "$status" -eq 0 ] && grep -q '^END OF TESTS\.' "$log" &&
   grep -q '^0 tests completed and failed residual checks\.' "$log"; then
    result=0
else
    echo "FAIL: xllt on $np ranks (exit status $status; see the FAILED rows above)" >&2
    result=1
fi
rm -f "$log"
exit $result
