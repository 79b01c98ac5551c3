#!/bin/sh
# A long run of mixed PDPOTRF/PDGEQRF calls on grids created and exited
# during the run, 2 ranks: results against the reference, memory, threads,
# descriptors and communicators flat.
exec "$LAUNCH" 2 "$top_builddir/testing/t_long_run" -calls 3000
