#!/bin/sh
# Children forked after hetscal calls exit at once; the parent's calls go on.
HETSCAL_NUM_THREADS=2; export HETSCAL_NUM_THREADS
exec "$LAUNCH" 2 "$top_builddir/testing/t_fork"
