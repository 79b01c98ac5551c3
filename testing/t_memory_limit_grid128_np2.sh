#!/bin/sh
# PDGEQRF and PDGETRF on a 2 x 1 grid, N = 4608 in 128 x 128 blocks (an
# 81 MiB share, blocks below half the default tile), under the
# address-space limit of t_memory_limit_grid_np2.sh (what each process has
# mapped plus 0.6 of its share), nothing forced: above 64 MiB a process the
# defaults keep the caller's 128-blocks as the gathered QR's and the 2-D
# LU's tiles (api/qr_call.c, api/lu_call.c), so every call runs in the
# caller's array, under the limit too, and none is handed to ScaLAPACK
# (testing/t_memory_limit.c grid128).
out=$(mktemp "${TMPDIR:-/tmp}/memory-limit.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_VERBOSE=1 "$LAUNCH" 2 "$top_builddir/testing/t_memory_limit" grid128 > "$out" 2>&1
status=$?
grep -v '^hetscal: p[sdcz][a-z]* rank' "$out"
handed=$(grep -c 'the call goes to the next P' "$out")
kept=$(grep -c "^hetscal: pdge[qt]rf rank.*tile=128 (caller's blocks).*tiles in the caller's array" "$out")
# 2 routines, 2 ranks: first call, limited call, last call
if [ $status -ne 0 ] || [ "$handed" -ne 0 ] || [ "$kept" -ne 12 ]; then
    echo "FAIL: exit status $status, $handed calls handed to ScaLAPACK (0 expected)," \
        "$kept of 12 with the caller's 128-blocks as tiles in its array"
    exit 1
fi
