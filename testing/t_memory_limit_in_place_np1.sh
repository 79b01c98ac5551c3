#!/bin/sh
# PDPOTRF (both UPLO), PDGETRF, PDGEQRF on one process under an address-space limit of
# what it has mapped plus half its share (the matrix at two thirds of the
# room the call has): the tiles stay in the caller's array
# (HETSCAL_IN_PLACE's default), so hetscal runs every call itself, with
# the factor it gives unlimited and with its tiles copied
# (testing/t_memory_limit.c in-place); none is handed on (to LAPACK, on
# one process).
out=$(mktemp "${TMPDIR:-/tmp}/memory-limit.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_VERBOSE=1 "$LAUNCH" 1 "$top_builddir/testing/t_memory_limit" in-place > "$out" 2>&1
status=$?
grep -v '^hetscal: p[sdcz][a-z]* rank' "$out"
handed=$(grep -c 'the call goes to ' "$out")
kept=$(grep -c "^hetscal: pd\(potrf\|getrf\|geqrf\) rank.*tiles in the caller's array" "$out")
# each routine (PDPOTRF twice): first call, limited call, last call in
# place (the copied call says otherwise)
if [ $status -ne 0 ] || [ "$handed" -ne 0 ] || [ "$kept" -ne 12 ]; then
    echo "FAIL: exit status $status, $handed calls handed on (0 expected)," \
        "$kept of 12 with the tiles in the caller's array"
    exit 1
fi
