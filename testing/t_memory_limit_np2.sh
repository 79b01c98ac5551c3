#!/bin/sh
# PDPOTRF, PDGETRF, PDGEQRF under an address-space limit that ScaLAPACK's
# in-place call fits in and hetscal's tile copies do not (1x2 grid): every
# call succeeds with ScaLAPACK's factor (testing/t_memory_limit.c), and
# rank (0,0) says for each routine that it handed the call over.  The
# tiles are copied (HETSCAL_IN_PLACE=0): on this grid the panels of
# PDGEQRF and PDGETRF would otherwise stay in the caller's array and fit
# (t_memory_limit_in_place_np1.sh covers that).
out=$(mktemp "${TMPDIR:-/tmp}/memory-limit.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_IN_PLACE=0 HETSCAL_VERBOSE=1 "$LAUNCH" 2 "$top_builddir/testing/t_memory_limit" > "$out" 2>&1
status=$?
grep -v '^hetscal: p[sdcz][a-z]* rank' "$out"
handed=$(grep -c 'the call goes to the next P.\(POTRF\|GETRF\|GEQRF\), which works in place' "$out")
if [ $status -ne 0 ] || [ "$handed" -ne 3 ]; then
    echo "FAIL: exit status $status, $handed of 3 calls handed to ScaLAPACK"
    exit 1
fi
