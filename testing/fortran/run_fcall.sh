#!/bin/sh
# run_fcall.sh ROUTINE NP: runs testing/fcall_ROUTINE (pdpotrf, pdgeqrf,
# pzpotrf, pzgeqrf, pdgetrf or pzgetrf) on NP ranks with
# HETSCAL_VERBOSE=1; passes when it prints PASSED, exits 0 and hetscal
# wrote its "hetscal: ROUTINE rank" line for every call (both
# factorizations, three for P?GETRF; P?GEQRF's workspace queries print
# none) on every rank (2 NP or 3 NP lines; HETSCAL_EXPECT_VERBOSE=0 drops
# that check).
routine=$1 np=$2 calls=2
case $routine in
pdpotrf) me=run_fcall ;;
pdgeqrf) me=run_fcall_qr ;;
pzpotrf|pzgeqrf) me=run_fcall_$routine ;;
pdgetrf|pzgetrf) me=run_fcall_$routine calls=3 ;;
*)       echo "run_fcall: unknown routine '$routine'"; exit 1 ;;
esac
verbose="^hetscal: $routine rank [0-9]*/[0-9]* grid"
ROUTINE=$(echo "$routine" | tr a-z A-Z)
prog=${FCALL_PROG:-$top_builddir/testing/fcall_$routine}
err=$(mktemp "${TMPDIR:-/tmp}/hetscal-fcall.XXXXXX") || exit 1
trap 'rm -f "$err"' EXIT
HETSCAL_VERBOSE=1
export HETSCAL_VERBOSE
out=$($LAUNCH "$np" "$prog" 2> "$err")
rc=$?
echo "$out"
nverb=$(grep -c "$verbose" "$err")
echo "$me: np=$np exit status $rc, $nverb hetscal verbose lines"
bad=
[ "$rc" -eq 0 ] || bad="$bad; exit status $rc"
echo "$out" | grep -q "^fcall_$routine: PASSED" || bad="$bad; no PASSED line"
if [ "${HETSCAL_EXPECT_VERBOSE:-1}" != 0 ] && [ "$nverb" -ne $((calls * np)) ]; then
    bad="$bad; $nverb 'hetscal: $routine' lines, not $((calls * np)): the reference $ROUTINE ran"
fi
if [ -n "$bad" ]; then
    echo "$me: FAILED$bad"
    tail -n 40 "$err"
    exit 1
fi
exit 0
