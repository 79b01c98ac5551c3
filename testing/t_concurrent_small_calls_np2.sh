#!/bin/sh
# t_concurrent_calls_np2.sh with small calls left to the measured
# orders, as a user's default: under MPI_THREAD_MULTIPLE none may go to
# ScaLAPACK, which is not thread-safe (two at once crashed in BLACS).
HETSCAL_SMALL_CALLS=measured; export HETSCAL_SMALL_CALLS
exec "$LAUNCH" 2 "$top_builddir/testing/t_concurrent_calls"
