#!/bin/sh
# PDGETRF on a 2 x 1 grid, N = 8000 in 256 x 256 blocks (a 244 MiB
# share), under an address-space limit of what each process has mapped
# plus 0.6 of its share (the matrix at 62% of the room), with the 2-D
# layout (HETSCAL_LU_GRID=1): the blocks stay in the caller's array and
# everything else fits in the rest, so
# hetscal runs the call itself, its own factor bit for bit, the same as
# with the tiles copied (testing/t_memory_limit.c lu-grid); none is
# handed to ScaLAPACK.
out=$(mktemp "${TMPDIR:-/tmp}/memory-limit.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_LU_GRID=1 HETSCAL_VERBOSE=1 "$LAUNCH" 2 "$top_builddir/testing/t_memory_limit" lu-grid \
    > "$out" 2>&1
status=$?
grep -v '^hetscal: p[sdcz][a-z]* rank' "$out"
handed=$(grep -c 'the call goes to the next P.GETRF' "$out")
kept=$(grep -c "^hetscal: pdgetrf rank.*tiles in the caller's array" "$out")
# 2 ranks: first call, limited call, last call in place (the copied call
# says otherwise)
if [ $status -ne 0 ] || [ "$handed" -ne 0 ] || [ "$kept" -ne 6 ]; then
    echo "FAIL: exit status $status, $handed calls handed to ScaLAPACK (0 expected)," \
        "$kept of 6 with the tiles in the caller's array"
    exit 1
fi
