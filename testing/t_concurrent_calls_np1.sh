#!/bin/sh
# Two threads per process calling PDPOTRF, PDGEQRF and PDGETRF at once on their own
# grids over the same 1 process(es): results bit for bit as one after the other.
exec "$LAUNCH" 1 "$top_builddir/testing/t_concurrent_calls"
