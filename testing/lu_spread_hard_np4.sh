#!/bin/sh
# The P?GETRF tester on testing/data/lu_hard.dat, 4 ranks of 2 threads,
# in double complex, with the 2-D grid layout and its spread panels
# forced (HETSCAL_LU_GRID=1, HETSCAL_LU_SPREAD=1) in 16 x 16 tiles: each
# panel factored by the process rows that hold its rows, exchanging a
# record a column through the communication loop (runtime/exchange.h)
# while a worker waits (testing/fuzz_lu_spread_np4.sh takes one-thread
# ranks, where the calling thread drives the loop itself, NaNs and
# infinities, and the four precisions).  IPIV must equal the reference's.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_LU_GRID=1 HETSCAL_LU_SPREAD=1 HETSCAL_NB_SMALL=16 HETSCAL_POISON_MEMORY=1
HETSCAL_NUM_THREADS=2
: "${HETSCAL_TEST_TIMEOUT:=1500}"
export HETSCAL_LU_GRID HETSCAL_LU_SPREAD HETSCAL_NB_SMALL HETSCAL_POISON_MEMORY \
    HETSCAL_NUM_THREADS HETSCAL_TEST_TIMEOUT
exec sh "$top_srcdir/testing/tester/run_lu.sh" 4 -precision z \
    "$top_srcdir/testing/data/lu_hard.dat"
