#!/bin/sh
# The P?POTRF tester in the four precisions on testing/data/llt_team.dat
# (N = 1100, UPLO L and U, offsets), 2 MPI ranks of 3 threads,
# in 1024-wide tiles with host panels over teams forced on
# (HETSCAL_PANEL_TEAM=on): each diagonal block of 1024 takes the team's
# path (kernels/chol_panel_team_body.h), the narrower last ones one
# ?POTRF.
# TEAM_PRECISIONS (set by CI's sanitizer stages): fewer precisions; the
# team code is one template for the four, so d and z cover its real and
# complex arithmetic.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_NUM_THREADS=3 HETSCAL_PANEL_TEAM=on HETSCAL_NB_SMALL=1024
export HETSCAL_NUM_THREADS HETSCAL_PANEL_TEAM HETSCAL_NB_SMALL
exec sh "$top_srcdir/testing/tester/run_llt.sh" 2 -precision "${TEAM_PRECISIONS:-d,s,c,z}" \
    "$top_srcdir/testing/data/llt_team.dat"
