#!/bin/sh
# QR's host panels over teams: the same factor on 1, 2 and 4 workers a
# rank, not LAPACK's, and as accurate (testing/t_qr_panel_team.c, D and
# Z), 1 x 2 grid.
exec "$LAUNCH" 2 "$top_builddir/testing/t_qr_panel_team"
