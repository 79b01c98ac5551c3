#!/bin/sh
# The P?GETRF tester on testing/data/lu_hard.dat in the four precisions, 2
# MPI ranks of 3 threads, with LU's host panels over teams of idle workers
# forced on (HETSCAL_PANEL_TEAM=on; by default they start at 4 threads a
# rank): the panels of at least 256 rows take the team's path
# (kernels/lu_panel_team_body.h), the others one ?GETRF.
# TEAM_PRECISIONS (set by CI's sanitizer stages): fewer precisions; the
# team code is one template for the four, so d and z cover its real and
# complex arithmetic.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_NUM_THREADS=3 HETSCAL_PANEL_TEAM=on
export HETSCAL_NUM_THREADS HETSCAL_PANEL_TEAM
exec sh "$top_srcdir/testing/tester/run_lu.sh" 2 -precision "${TEAM_PRECISIONS:-d,s,c,z}" "$top_srcdir/testing/data/lu_hard.dat"
