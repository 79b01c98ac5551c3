#!/bin/sh
# The repartition as tasks across ranks (HETSCAL_OVERLAP_COPIES=2,
# api/call_pieces.h): each tile gathered from its pieces of the
# caller's arrays before its first use and scattered back once final,
# with the tile blocks starting as NaNs (a piece not gathered, or not
# written back, shows).  Our P?POTRF (both UPLO, four precisions),
# P?GEQRF and P?GETRF testers on 4 MPI ranks, on the host, or with
# PIECES_DEVICES=emu:2 (testing/pieces_emu_np4.sh) with 2 emulated GPUs a
# rank (tiles of other shapes).  Passes when every case passes and each
# run made calls whose verbose lines say "pieces across ranks".
: "${top_srcdir:=$(dirname "$0")/..}"
. "$top_srcdir/testing/tester/run_common.sh"
err=$(mktemp "${TMPDIR:-/tmp}/pieces.XXXXXX") || exit 99
# LLT_HARD_PARTS, QR_HARD_PARTS, LU_HARD_PARTS (set by CI's ASan stage):
# only those parts of llt_hard.dat, qr_hard.dat, lu_hard.dat
# (tester_input_parts)
llt_hard=$(tester_input_parts "$top_srcdir/testing/data/llt_hard.dat" "${LLT_HARD_PARTS:-}")
qr_hard=$(tester_input_parts "$top_srcdir/testing/data/qr_hard.dat" "${QR_HARD_PARTS:-}")
lu_hard=$(tester_input_parts "$top_srcdir/testing/data/lu_hard.dat" "${LU_HARD_PARTS:-}")
# (the parts are temporary files; a whole input is the source tree's)
trap 'rm -f "$err" "$log"
      for f in "$llt_hard" "$qr_hard" "$lu_hard"; do
          case $f in "$top_srcdir"/testing/data/*) ;; *) rm -f "$f" ;; esac
      done' EXIT
input_path() {
    case $1 in
    testing/data/llt_hard.dat) echo "$llt_hard" ;;
    testing/data/qr_hard.dat) echo "$qr_hard" ;;
    testing/data/lu_hard.dat) echo "$lu_hard" ;;
    *) echo "$top_srcdir/$1" ;;
    esac
}
HETSCAL_POISON_MEMORY=1 HETSCAL_VERBOSE=1 HETSCAL_OVERLAP_COPIES=2 HETSCAL_IN_PLACE=0
export HETSCAL_POISON_MEMORY HETSCAL_VERBOSE HETSCAL_OVERLAP_COPIES HETSCAL_IN_PLACE
failed=0
devices=${PIECES_DEVICES:-}
while read -r tester input; do
    rm -f "$log"
    tester_start pieces_np4.sh "$tester"
    HETSCAL_DEVICES=$devices sh "$LAUNCH" 4 "$prog" "$(input_path "$input")" </dev/null >"$log" 2>"$err"
    status=$?
    count=$(grep -c "^hetscal: p.*pieces across ranks" "$err")
    echo "pieces_np4: $tester on $input, devices '$devices': $count rank-calls with pieces"
    if tester_run_failed "$tester"; then
        failed=1
    elif [ "$count" -eq 0 ]; then
        echo "FAIL: no call moved its tiles as pieces"
        failed=1
    fi
done <<'RUNS'
xllt testing/data/llt_hard.dat
xqr testing/data/qr_hard.dat
xlu testing/data/lu_hard.dat
RUNS
exit $failed
