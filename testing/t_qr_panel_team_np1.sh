#!/bin/sh
# QR's host panels over teams: the same factor on 1, 2 and 4 workers, not
# LAPACK's, and as accurate (testing/t_qr_panel_team.c, D and Z), one
# rank; and idle workers did join the teams (as LU's test checks it).
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/t_panel_team_np1.sh" t_qr_panel_team
