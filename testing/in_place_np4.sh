#!/bin/sh
# The P?POTRF, P?GEQRF and P?GETRF testers on their hard inputs
# (testing/data/llt_hard.dat, qr_hard.dat, testing/lu/lu_hard.dat), 4 MPI
# ranks, tile blocks starting as NaNs.  Calls whose tiles are the caller's
# blocks (Cholesky's square tiles; QR's and LU's columns on one process
# row when they are NB wide: QR's with HETSCAL_NB_SMALL=32, for the NB 32
# cases) copy them in and out in place when they are small, each rank its
# own tiles, without the collective repartition (hs_call_copy_in_place);
# a tile not filled, or a result not written back, shows.  Passes when
# every case passes and each routine made such calls (their verbose lines
# say "copied in place").
: "${top_srcdir:=$(dirname "$0")/..}"
. "$top_srcdir/testing/tester/run_common.sh"
err=$(mktemp "${TMPDIR:-/tmp}/in_place.XXXXXX") || exit 99
trap 'rm -f "$err" "$log"' EXIT
HETSCAL_POISON_MEMORY=1 HETSCAL_VERBOSE=1
export HETSCAL_POISON_MEMORY HETSCAL_VERBOSE
failed=0
for run in "xllt pdpotrf testing/data/llt_hard.dat" "xqr pdgeqrf testing/data/qr_hard.dat 32" \
           "xlu pdgetrf testing/lu/lu_hard.dat"; do
    set -- $run
    rm -f "$log"
    tester_start in_place_np4.sh "$1"
    (if [ -n "${4:-}" ]; then HETSCAL_NB_SMALL=$4; export HETSCAL_NB_SMALL; fi
     sh "$LAUNCH" 4 "$prog" "$top_srcdir/$3" >"$log" 2>"$err")
    status=$?
    in_place=$(grep -c "^hetscal: $2 rank.*copied in place" "$err")
    echo "in_place_np4: $1 on $3: $in_place rank-calls of $2 copied in place"
    if ! tester_passed "$log" "$status"; then
        grep "FAILED" "$log" | head -n 20
        echo "FAIL: $1 on 4 ranks (exit status $status)"
        failed=1
    elif [ "$in_place" -eq 0 ]; then
        echo "FAIL: no $2 call copied the caller's blocks in place"
        failed=1
    fi
done
exit $failed
