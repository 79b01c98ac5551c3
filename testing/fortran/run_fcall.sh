#!/bin/sh
# run_fcall.sh NP: runs testing/fcall_pdpotrf on NP ranks with
# HETSCAL_VERBOSE=1; passes when it prints PASSED, exits 0 and hetscal wrote
# its "hetscal: pdpotrf" line for both calls on every rank (2 NP lines;
# HETSCAL_EXPECT_VERBOSE=0 drops that check).
np=$1
prog=${FCALL_PROG:-$top_builddir/testing/fcall_pdpotrf}
err=$(mktemp "${TMPDIR:-/tmp}/hetscal-fcall.XXXXXX") || exit 1
trap 'rm -f "$err"' EXIT
HETSCAL_VERBOSE=1
export HETSCAL_VERBOSE
out=$($LAUNCH "$np" "$prog" 2> "$err")
rc=$?
echo "$out"
nverb=$(grep -c "hetscal: pdpotrf" "$err")
echo "run_fcall: np=$np exit status $rc, $nverb hetscal verbose lines"
bad=
[ "$rc" -eq 0 ] || bad="$bad; exit status $rc"
echo "$out" | grep -q "^fcall_pdpotrf: PASSED" || bad="$bad; no PASSED line"
if [ "${HETSCAL_EXPECT_VERBOSE:-1}" != 0 ] && [ "$nverb" -ne $((2 * np)) ]; then
    bad="$bad; $nverb 'hetscal: pdpotrf' lines, not $((2 * np)): the reference PDPOTRF ran"
fi
if [ -n "$bad" ]; then
    echo "run_fcall: FAILED$bad"
    tail -n 40 "$err"
    exit 1
fi
exit 0
