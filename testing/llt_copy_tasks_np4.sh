#!/bin/sh
# The PDPOTRF tester on testing/data/llt_hard.dat, 4 MPI rank(s), with the
# repartition always done by tasks of the run where it can be
# (HETSCAL_OVERLAP_COPIES=2: one rank, or the caller's blocks as tiles),
# small matrices included.  Tile blocks start as NaNs: a tile used before
# its fill task, or a result not written back, shows.
: "${top_srcdir:=$(dirname "$0")/..}"
# HETSCAL_IN_PLACE=0: tiles copied even where they could stay in A.
HETSCAL_OVERLAP_COPIES=2 HETSCAL_IN_PLACE=0; export HETSCAL_OVERLAP_COPIES HETSCAL_IN_PLACE
HETSCAL_POISON_MEMORY=1; export HETSCAL_POISON_MEMORY
exec sh "$top_srcdir/testing/tester/run_llt.sh" 4 "$top_srcdir/testing/data/llt_hard.dat"
