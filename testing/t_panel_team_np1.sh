#!/bin/sh
# Host panels over teams (LU, Cholesky): the same factor on 1, 2 and 4
# workers, not LAPACK's, and as accurate (testing/t_panel_team.c), one
# rank; and idle workers did join the teams (HETSCAL_VERBOSE's
# team_helped: the first panel of a call has nothing beside it, so its 3
# other workers are idle, and HETSCAL_TEAM_WAIT_US gives them time to
# join on a loaded host).
# The program: $1 (t_qr_panel_team: QR's), t_panel_team by default.
prog=${1:-t_panel_team}
out=$(mktemp "${TMPDIR:-/tmp}/panel-team.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_VERBOSE=1 HETSCAL_TEAM_WAIT_US=200000 "$LAUNCH" 1 "$top_builddir/testing/$prog" > "$out" 2>&1
status=$?
grep -v '^hetscal: ' "$out"
helped=$(grep -o 'threads=4 .* team_helped=[0-9]*' "$out" | sed 's/.*team_helped=//' |
         awk '{ s += $1 } END { print s + 0 }')
echo "pieces run by workers that joined a team, 4 workers: $helped"
if [ $status -ne 0 ] || [ "$helped" -le 0 ]; then
    echo "FAIL: exit status $status, $helped pieces run by joining workers"
    exit 1
fi
