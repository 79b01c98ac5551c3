#!/bin/sh
# Host panels over teams (LU, Cholesky): the same factor on 1, 2 and 4 workers a
# rank, not LAPACK's, and as accurate (testing/t_panel_team.c), 1 x 2 grid.
exec "$LAUNCH" 2 "$top_builddir/testing/t_panel_team"
