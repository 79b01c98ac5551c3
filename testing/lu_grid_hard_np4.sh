#!/bin/sh
# The P?GETRF tester on testing/data/lu_hard.dat, 4 ranks, in double
# complex (16-byte elements; the other precisions take this layout in
# testing/xdlu_grid_np4.sh, double, and the differential fuzzer's
# testing/fuzz_lu_grid_np4.sh, all four), with the 2-D grid
# layout forced (HETSCAL_LU_GRID=1: the default takes it only for large
# shares or 8 ranks and more) in 16 x 16 tiles, so that panels span
# many tiles and process rows (up to 38 tile rows, several tiles in each
# of the caller's 48- and 64-wide blocks), and their interchanges reach
# rows on every process row; tile blocks start as NaNs
# (HETSCAL_POISON_MEMORY).  The tester wants IPIV equal to the
# reference's: in single precision 8 x 8 tiles round one case (127 x 255,
# NB 1, IA 6) to another pivot between two near-equal candidates, which
# double complex does not meet.  (4 x 4 tiles made four times the tasks'
# time, 8 x 8 twice, for the same shapes and paths.)
: "${top_srcdir:=$(dirname "$0")/..}"
# The run takes about 20 s alone on a 2-core host, and several times that
# beside the other tests of a parallel make check: more than
# testing/launch's default limit on a slow one.
HETSCAL_LU_GRID=1 HETSCAL_NB_SMALL=16 HETSCAL_POISON_MEMORY=1
: "${HETSCAL_TEST_TIMEOUT:=1500}"
export HETSCAL_LU_GRID HETSCAL_NB_SMALL HETSCAL_POISON_MEMORY HETSCAL_TEST_TIMEOUT
exec sh "$top_srcdir/testing/tester/run_lu.sh" 4 -precision z \
    "$top_srcdir/testing/data/lu_hard.dat"
