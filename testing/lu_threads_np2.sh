#!/bin/sh
# The P?GETRF tester on testing/data/lu_hard.dat, 2 MPI ranks of 2 threads:
# worker threads run the panels and column updates while the calling
# thread drives MPI (the other LU tests run one-thread ranks, which do all
# of it on the calling thread).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_NUM_THREADS=2; export HETSCAL_NUM_THREADS
exec sh "$top_srcdir/testing/tester/run_lu.sh" 2 "$top_srcdir/testing/data/lu_hard.dat"
