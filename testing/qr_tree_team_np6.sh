#!/bin/sh
# The PDGEQRF tester on testing/data/qr_6ranks.dat, 6 MPI ranks of 2
# threads, with teams forced (HETSCAL_PANEL_TEAM=on) and 130-wide tiles:
# on 6 ranks the tiles are square on the caller's grid and each panel is
# TSQR, whose tree kernels then run over teams in 3 column pieces
# (kernels/qr_tree_team_body.h), helpers invited to join
# (HETSCAL_TEAM_WAIT_US).  Passes when every case passes and some
# rank's pieces ran on helpers (the verbose lines' team_helped: a panel
# of one 130-high tile is too short for the one-tile panel's team, so
# they are the tree's).  Then again in 520-high tile rows of 130-wide
# panels, in the precisions of TEAM_PRECISIONS (default all four), where
# the reconstruction also runs over the team (qr_tree_team_body.h): its
# LU in 3 blocks, then up to 6 pieces of 64 rows below its top block and
# 3 of T's rows (hs_qr_reconstruct_team_pieces): every case must pass.
: "${top_srcdir:=$(dirname "$0")/..}"
. "$top_srcdir/testing/tester/run_common.sh"
err=$(mktemp "${TMPDIR:-/tmp}/tree_team.XXXXXX") || exit 99
trap 'rm -f "$err" "$log"' EXIT
HETSCAL_PANEL_TEAM=on HETSCAL_NUM_THREADS=2 HETSCAL_NB_SMALL=130 HETSCAL_TEAM_WAIT_US=2000
HETSCAL_VERBOSE=1
export HETSCAL_PANEL_TEAM HETSCAL_NUM_THREADS HETSCAL_NB_SMALL HETSCAL_TEAM_WAIT_US
export HETSCAL_VERBOSE
tester_start qr_tree_team_np6.sh xqr
sh "$LAUNCH" 6 "$prog" "$top_srcdir/testing/data/qr_6ranks.dat" </dev/null >"$log" 2>"$err"
status=$?
helped=$(grep -c "^hetscal: pdgeqrf rank.*team_helped=[1-9]" "$err")
echo "qr_tree_team_np6: $helped rank-calls with pieces run by helpers"
if ! tester_passed "$log" "$status"; then
    grep "FAILED" "$log" | head -n 20
    echo "FAIL: xqr on 6 ranks (exit status $status)"
    tester_show_err "$err"
    exit 1
fi
if [ "$helped" -eq 0 ]; then
    echo "FAIL: no team piece ran on a helper"
    exit 1
fi
HETSCAL_NB_SMALL=130 HETSCAL_NB=520
export HETSCAL_NB_SMALL HETSCAL_NB
sh "$LAUNCH" 6 "$prog" -precision "${TEAM_PRECISIONS:-d,s,c,z}" \
    "$top_srcdir/testing/data/qr_6ranks.dat" </dev/null >"$log" 2>"$err"
status=$?
if ! tester_passed "$log" "$status"; then
    grep "FAILED" "$log" | head -n 20
    echo "FAIL: xqr on 6 ranks in 520-high tile rows (exit status $status)"
    tester_show_err "$err"
    exit 1
fi
echo "qr_tree_team_np6: passed, tree and reconstruction teams"
