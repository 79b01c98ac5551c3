#!/bin/sh
# The P?GEQRF, P?GETRF and P?POTRF testers on testing/data/qr_strips.dat,
# lu_strips.dat and llt_strips.dat, 4 ranks: the caller's 128-blocks in
# place as the square tiles of the caller's grid (HETSCAL_QR_GRID=1,
# HETSCAL_LU_GRID=1; the defaults take those layouts only for large
# shares), where a rank's tiles of a trailing column are updated in
# strips (algo/qr.c's qr_vta_strip and qr_update_strip, algo/lu_grid.c's
# lu_grid_gemm_strip, algo/cholesky.c's gemm_strip): several a column
# here (up to 9 tiles a rank), QR's first with the panel's top tile,
# sub(A) on and off the first process; on 2 x 2 and 1 x 4 the other
# process columns' strips read the panel's rows packed in one buffer a
# rank (algo/strip_tasks.h; the Cholesky's lower factor only, its upper
# one in the same input keeps per-tile tasks there).
# QR in double and single complex, LU in double and double complex (its
# tester wants the reference's IPIV, which single complex rounds to
# another pivot between near-equal candidates in three of these cases,
# with the tiles copied too).  Passes when every case passes and every
# call's verbose line says its tiles were the caller's blocks, in its
# array, on the caller's grid.  The shares (up to 4.3 MiB) are taken to fit the
# last-level cache, so that PDPOTRF's tiles come from the size rule, not
# from kernel rates measured while other tests load the machine.
: "${top_srcdir:=$(dirname "$0")/..}"
. "$top_srcdir/testing/tester/run_common.sh"
HETSCAL_QR_GRID=1 HETSCAL_LU_GRID=1 HETSCAL_CACHE_KB=1048576
export HETSCAL_QR_GRID HETSCAL_LU_GRID HETSCAL_CACHE_KB
failed=0
# tester, routine, precisions, input, the layout's name in verbose lines
while read -r tester routine precisions input layout; do
    tester_start strips_np4.sh "$tester"
    tester_run_verbose 4 -precision "$precisions" "$top_srcdir/testing/data/$input" </dev/null
    calls=$(grep -c "^hetscal: p[a-z]$routine rank" "$err")
    kept=$(grep "^hetscal: p[a-z]$routine rank.*(caller's blocks).*tiles in the caller's array" \
               "$err" | grep -c "layout=$layout")
    echo "strips_np4: $tester: $kept of $calls rank-calls on the caller's blocks in place, layout $layout"
    if tester_run_failed "$tester on $input"; then
        failed=1
    elif [ "$calls" -eq 0 ] || [ "$kept" -ne "$calls" ]; then
        echo "FAIL: every call should keep the caller's blocks in place on its grid"
        failed=1
    fi
    rm -f "$err" "$log"
done <<'RUNS'
xqr geqrf d,c qr_strips.dat gathered
xlu getrf d,z lu_strips.dat grid
xllt potrf d,z llt_strips.dat grid\|one_row
RUNS
exit $failed
