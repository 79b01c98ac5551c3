#!/bin/sh
# run_fcall_qr.sh NP: runs testing/fcall_pdgeqrf on NP ranks with
# HETSCAL_VERBOSE=1; passes when it prints PASSED, exits 0 and hetscal wrote
# its "hetscal: pdgeqrf" line for both factorizations on every rank (2 NP
# lines; the workspace queries print none; HETSCAL_EXPECT_VERBOSE=0 drops
# that check).
np=$1
prog=${FCALL_PROG:-$top_builddir/testing/fcall_pdgeqrf}
err=$(mktemp "${TMPDIR:-/tmp}/hetscal-fcall.XXXXXX") || exit 1
trap 'rm -f "$err"' EXIT
HETSCAL_VERBOSE=1
export HETSCAL_VERBOSE
out=$($LAUNCH "$np" "$prog" 2> "$err")
rc=$?
echo "$out"
nverb=$(grep -c "^hetscal: pdgeqrf rank [0-9]*/[0-9]* grid" "$err")
echo "run_fcall_qr: np=$np exit status $rc, $nverb hetscal verbose lines"
bad=
[ "$rc" -eq 0 ] || bad="$bad; exit status $rc"
echo "$out" | grep -q "^fcall_pdgeqrf: PASSED" || bad="$bad; no PASSED line"
if [ "${HETSCAL_EXPECT_VERBOSE:-1}" != 0 ] && [ "$nverb" -ne $((2 * np)) ]; then
    bad="$bad; $nverb 'hetscal: pdgeqrf' lines, not $((2 * np)): the reference PDGEQRF ran"
fi
if [ -n "$bad" ]; then
    echo "run_fcall_qr: FAILED$bad"
    tail -n 40 "$err"
    exit 1
fi
exit 0
