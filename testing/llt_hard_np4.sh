#!/bin/sh
# The PDPOTRF tester on testing/data/llt_hard.dat (odd sizes, NB 1 to 93,
# offsets, shifted grids, both triangles), 4 MPI ranks.
# top_srcdir comes from make check; by hand it is this script's parent.
: "${top_srcdir:=$(dirname "$0")/..}"
# Tile blocks start as NaNs (HETSCAL_POISON_MEMORY): tile entries that
# nothing writes must not be read either.
HETSCAL_POISON_MEMORY=1; export HETSCAL_POISON_MEMORY
exec sh "$top_srcdir/testing/tester/run_llt.sh" 4 "$top_srcdir/testing/data/llt_hard.dat"
