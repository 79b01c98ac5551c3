#!/bin/sh
# The PDGEQRF tester on testing/data/qr_hard.dat, 1 MPI rank, with the
# repartition always done by tasks of the run (HETSCAL_OVERLAP_COPIES=2),
# small matrices included.  Tile blocks start as NaNs: a tile used before
# its fill task, or a result not written back, shows.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_OVERLAP_COPIES=2; export HETSCAL_OVERLAP_COPIES
HETSCAL_POISON_MEMORY=1; export HETSCAL_POISON_MEMORY
exec sh "$top_srcdir/testing/tester/run_qr.sh" 1 "$top_srcdir/testing/data/qr_hard.dat"
