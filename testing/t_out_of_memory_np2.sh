#!/bin/sh
# Allocations failing mid-call on one rank (PDPOTRF, PDGEQRF, PDGETRF), 1x2 grid:
# INFO = HETSCAL_ERR_NOMEM everywhere, no hang, then clean factors again.
exec "$LAUNCH" 2 "$top_builddir/testing/t_out_of_memory"
