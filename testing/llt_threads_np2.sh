#!/bin/sh
# The PDPOTRF tester on testing/data/llt_hard.dat, 2 MPI ranks of 2
# threads: worker threads, the generation thread and the MPI loop on the
# calling thread (one-thread ranks, as the other tests run on this
# machine, do all of it on the calling thread).
# top_srcdir comes from make check; by hand it is this script's parent.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_NUM_THREADS=2; export HETSCAL_NUM_THREADS
exec sh "$top_srcdir/testing/tester/run_llt.sh" 2 "$top_srcdir/testing/data/llt_hard.dat"
