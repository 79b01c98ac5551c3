#!/bin/sh
# PDGEQRF and PDGETRF on a 2 x 1 grid, N = 4608 in 256 x 256 blocks (an
# 81 MiB share), under an address-space limit of what each process has
# mapped plus 0.6 of its share (the matrix at 62% of the room), with the
# caller's-grid layouts (HETSCAL_QR_GRID=1, HETSCAL_LU_GRID=1, which the
# default takes at this share too): the blocks stay in the caller's array
# and everything else fits in the rest, so hetscal runs the calls itself,
# its own factors bit for bit (PDGETRF's the same as with the tiles
# copied; testing/t_memory_limit.c grid); none is handed to ScaLAPACK.
out=$(mktemp "${TMPDIR:-/tmp}/memory-limit.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_QR_GRID=1 HETSCAL_LU_GRID=1 HETSCAL_VERBOSE=1 \
    "$LAUNCH" 2 "$top_builddir/testing/t_memory_limit" grid > "$out" 2>&1
status=$?
grep -v '^hetscal: p[sdcz][a-z]* rank' "$out"
handed=$(grep -c 'the call goes to the next P' "$out")
kept=$(grep -c "^hetscal: pdge[tq]rf rank.*tiles in the caller's array" "$out")
# 2 ranks, 2 routines: first call, limited call, last call in place (the
# copied call says otherwise)
if [ $status -ne 0 ] || [ "$handed" -ne 0 ] || [ "$kept" -ne 12 ]; then
    echo "FAIL: exit status $status, $handed calls handed to ScaLAPACK (0 expected)," \
        "$kept of 12 with the tiles in the caller's array"
    exit 1
fi
