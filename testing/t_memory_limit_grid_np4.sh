#!/bin/sh
# PDGEQRF and PDGETRF on a 2 x 2 grid, N = 6400 in 256 x 256 blocks (a
# 78 MiB share), under an address-space limit of what each process has
# mapped plus 0.6 of its share, with the caller's-grid layouts
# (HETSCAL_QR_GRID=1, HETSCAL_LU_GRID=1, the default at this share): the
# blocks stay in the caller's array, and on two process columns each rank
# also packs the panels it receives for its strips, in one set of
# buffers at this share (api/call_driver.c) beside the QR's sums and the
# received copies; everything fits, so hetscal runs the calls itself,
# its own factors bit for bit (testing/t_memory_limit.c grid); none is
# handed to ScaLAPACK.
out=$(mktemp "${TMPDIR:-/tmp}/memory-limit.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_QR_GRID=1 HETSCAL_LU_GRID=1 HETSCAL_VERBOSE=1 \
    "$LAUNCH" 4 "$top_builddir/testing/t_memory_limit" grid > "$out" 2>&1
status=$?
grep -v '^hetscal: p[sdcz][a-z]* rank' "$out"
handed=$(grep -c 'the call goes to the next P' "$out")
kept=$(grep -c "^hetscal: pdge[tq]rf rank.*tiles in the caller's array" "$out")
# 4 ranks, 2 routines: first call, limited call, last call in place
if [ $status -ne 0 ] || [ "$handed" -ne 0 ] || [ "$kept" -ne 24 ]; then
    echo "FAIL: exit status $status, $handed calls handed to ScaLAPACK (0 expected)," \
        "$kept of 24 with the tiles in the caller's array"
    exit 1
fi
