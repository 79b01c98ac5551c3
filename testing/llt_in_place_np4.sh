#!/bin/sh
# The PDPOTRF tester on testing/data/llt_hard.dat, 4 MPI ranks, tile blocks
# starting as NaNs.  Small calls whose tiles are the caller's blocks copy
# them in and out in place, each rank its own tiles, without the
# collective repartition (hs_call_copy_in_place); a tile not filled, or a
# result not written back, shows.  Passes when every case passes and such
# calls were made (their verbose lines say "copied in place").
: "${top_srcdir:=$(dirname "$0")/..}"
out=$(mktemp "${TMPDIR:-/tmp}/llt_in_place.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_POISON_MEMORY=1 HETSCAL_VERBOSE=1 \
    sh "$top_srcdir/testing/llt/run_llt.sh" 4 "$top_srcdir/testing/data/llt_hard.dat" >"$out" 2>&1
status=$?
grep -v "^hetscal: " "$out"
in_place=$(grep -c "copied in place" "$out")
echo "llt_in_place_np4: $in_place rank-calls copied in place"
[ "$status" -eq 0 ] || exit 1
[ "$in_place" -gt 0 ] || { echo "FAIL: no call copied the caller's blocks in place"; exit 1; }
