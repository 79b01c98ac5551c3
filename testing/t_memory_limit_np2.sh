#!/bin/sh
# PDPOTRF, PDGETRF, PDGEQRF under an address-space limit that ScaLAPACK's
# in-place call fits in and hetscal's tile copies do not (1x2 grid): every
# call succeeds with ScaLAPACK's factor (testing/t_memory_limit.c), and
# rank (0,0) says for each routine that it handed the call over.
out=$(mktemp "${TMPDIR:-/tmp}/memory-limit.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_VERBOSE=1 "$LAUNCH" 2 "$top_builddir/testing/t_memory_limit" > "$out" 2>&1
status=$?
grep -v '^hetscal: p[sdcz][a-z]* rank' "$out"
handed=$(grep -c 'the call goes to the next P.\(POTRF\|GETRF\|GEQRF\), which works in place' "$out")
if [ $status -ne 0 ] || [ "$handed" -ne 3 ]; then
    echo "FAIL: exit status $status, $handed of 3 calls handed to ScaLAPACK"
    exit 1
fi
