#!/bin/sh
# The P?POTRF, P?GEQRF and P?GETRF testers on 4 MPI ranks from tile blocks
# that start as NaNs, on inputs where the tiles are the caller's blocks
# (Cholesky's square tiles: testing/data/llt_hard.dat; QR's and LU's
# columns on one process row when they are NB wide, also where sub(A)
# starts on another process column: testing/data/{qr,lu}_in_place.dat;
# sub(A) inside one block of one process, which is then one tile there
# and no message crosses ranks: testing/data/{llt,qr,lu}_one_block.dat;
# sub(A) in one or 2 x 2 Cholesky blocks of a few default tiles each:
# testing/data/llt_few_blocks.dat).
# Where every rank-call of an input should take that path, their number
# is checked exactly, so that a grid shape or offset falling back to the
# repartition shows.  Small calls copy those tiles in and out in
# place, each rank its own, without the collective repartition
# (hs_call_copy_in_place); with HETSCAL_OVERLAP_COPIES=2 every such call
# copies them as tasks of the run instead; both with HETSCAL_IN_PLACE=0.
# By default (HETSCAL_IN_PLACE=1) those tiles are not copied at all: the
# tasks work in the caller's array (hs_call_tiles_in_place); with
# UPLO = 'U' those tiles are the upper factor's blocks, kept as the lower
# tiles' transposes (with HETSCAL_IN_PLACE=0 they are copied transposed
# by the repartition, never the caller's blocks).  A tile not filled, or a result not
# written back, shows.  Passes when every case passes and each run made
# calls of the kind it is for (their verbose lines say "copied in place",
# "as tasks" or "tiles in the caller's array").
: "${top_srcdir:=$(dirname "$0")/..}"
. "$top_srcdir/testing/tester/run_common.sh"
err=$(mktemp "${TMPDIR:-/tmp}/in_place.XXXXXX") || exit 99
# llt_hard.dat without its part 5, whose blocks of 1 and 3 never make
# tiles in place (testing/llt_hard_np4.sh runs it); LLT_HARD_PARTS (set
# by CI's ASan stage): only those parts (tester_input_parts)
llt_hard=$(tester_input_parts "$top_srcdir/testing/data/llt_hard.dat" "${LLT_HARD_PARTS:-1 2 3 4}")
trap 'rm -f "$err" "$log" "$llt_hard"' EXIT
input_path() {
    if [ "$1" = testing/data/llt_hard.dat ]; then echo "$llt_hard"; else echo "$top_srcdir/$1"; fi
}
HETSCAL_POISON_MEMORY=1 HETSCAL_VERBOSE=1
export HETSCAL_POISON_MEMORY HETSCAL_VERBOSE
failed=0
# tester, routine, input, HETSCAL_IN_PLACE, HETSCAL_OVERLAP_COPIES, how
# many rank-calls must say it (-: at least one), what its lines must say
while read -r tester routine input kept overlap want kind; do
    rm -f "$log"
    tester_start in_place_np4.sh "$tester"
    HETSCAL_IN_PLACE=$kept HETSCAL_OVERLAP_COPIES=$overlap \
        sh "$LAUNCH" 4 "$prog" "$(input_path "$input")" </dev/null >"$log" 2>"$err"
    status=$?
    count=$(grep -c "^hetscal: $routine rank.*(caller's blocks).*$kind" "$err")
    echo "in_place_np4: $tester on $input: $count rank-calls of $routine with \"$kind\""
    if tester_run_failed "$tester"; then
        failed=1
    elif [ "$count" -eq 0 ]; then
        echo "FAIL: no $routine call on the caller's blocks with \"$kind\""
        failed=1
    elif [ "$want" != - ] && [ "$count" -ne "$want" ]; then
        echo "FAIL: $count rank-calls of $routine with \"$kind\", expected $want"
        failed=1
    fi
done <<'RUNS'
xllt pdpotrf testing/data/llt_hard.dat 0 1 - copied in place
xllt pdpotrf testing/data/llt_hard.dat 1 1 - tiles in the caller's array
xqr pdgeqrf testing/data/qr_in_place.dat 0 1 216 copied in place
xqr pdgeqrf testing/data/qr_in_place.dat 0 2 216 as tasks
xqr pdgeqrf testing/data/qr_in_place.dat 1 1 216 tiles in the caller's array
xlu pdgetrf testing/data/lu_in_place.dat 0 1 135 copied in place
xlu pdgetrf testing/data/lu_in_place.dat 0 2 135 as tasks
xlu pdgetrf testing/data/lu_in_place.dat 1 2 135 tiles in the caller's array
xllt pdpotrf testing/data/llt_one_block.dat 0 1 135 msgs_sent=0.*copied in place
xllt pdpotrf testing/data/llt_one_block.dat 1 1 270 msgs_sent=0.*tiles in the caller's array
xllt pdpotrf testing/data/llt_one_block.dat 1 1 135 msgs_sent=0.*its upper blocks
xllt pdpotrf testing/data/llt_few_blocks.dat 0 1 77 copied in place
xllt pdpotrf testing/data/llt_few_blocks.dat 1 1 154 tiles in the caller's array
xllt pdpotrf testing/data/llt_few_blocks.dat 1 1 77 its upper blocks
xqr pdgeqrf testing/data/qr_one_block.dat 0 1 108 msgs_sent=0.*copied in place
xqr pdgeqrf testing/data/qr_one_block.dat 1 1 108 msgs_sent=0.*tiles in the caller's array
xlu pdgetrf testing/data/lu_one_block.dat 0 1 90 msgs_sent=0.*copied in place
xlu pdgetrf testing/data/lu_one_block.dat 1 1 90 msgs_sent=0.*tiles in the caller's array
RUNS
# Single precision: the upper factor's 128-row blocks stay in place, but
# blocks of 37 rows (sub(A) of order 37 in one block) are no whole
# doubles for MPI, so those calls copy them transposed instead
# (hs_call_keep_tiles): every case passes, 75 rank-calls say "its upper
# blocks" and the 60 upper ones of order 37 are not the caller's blocks.
rm -f "$log"
tester_start in_place_np4.sh xllt
sh "$LAUNCH" 4 "$prog" -precision s "$top_srcdir/testing/data/llt_one_block.dat" \
    </dev/null >"$log" 2>"$err"
status=$?
upper=$(grep -c "^hetscal: pspotrf rank.*its upper blocks" "$err")
copied=$(grep "^hetscal: pspotrf rank.* N=37 tile=37 threads" "$err" | grep -vc "caller's blocks")
echo "in_place_np4: xllt -precision s on llt_one_block.dat: $upper rank-calls on upper blocks, $copied copied transposed"
if tester_run_failed "xllt -precision s"; then
    failed=1
elif [ "$upper" -ne 75 ] || [ "$copied" -ne 60 ]; then
    echo "FAIL: expected 75 rank-calls on upper blocks and 60 copied transposed"
    failed=1
fi
exit $failed
