#!/bin/sh
# Runs testing/t_memory_limit grid on NP ranks (the first argument) with
# the caller's-grid layouts (HETSCAL_QR_GRID=1, HETSCAL_LU_GRID=1) and
# checks that no call was handed to ScaLAPACK and that every call of
# hetscal's but PDGETRF's copied one kept the tiles in the caller's
# array: per rank, 2 routines of 3 such calls (first, limited, last).
np=$1
out=$(mktemp "${TMPDIR:-/tmp}/memory-limit.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_QR_GRID=1 HETSCAL_LU_GRID=1 HETSCAL_VERBOSE=1 \
    "$LAUNCH" "$np" "$top_builddir/testing/t_memory_limit" grid > "$out" 2>&1
status=$?
grep -v '^hetscal: p[sdcz][a-z]* rank' "$out"
handed=$(grep -c 'the call goes to the next P' "$out")
kept=$(grep -c "^hetscal: pdge[tq]rf rank.*tiles in the caller's array" "$out")
expected=$((6 * np))
if [ $status -ne 0 ] || [ "$handed" -ne 0 ] || [ "$kept" -ne "$expected" ]; then
    echo "FAIL: exit status $status, $handed calls handed to ScaLAPACK (0 expected)," \
        "$kept of $expected with the tiles in the caller's array"
    exit 1
fi
