#!/bin/sh
# The k-th MPI_Isend or MPI_Irecv of one rank failing mid-call (PDPOTRF,
# PDGEQRF, PDGETRF), 2x2 grid: INFO = HETSCAL_ERR_MPI everywhere, no hang, then
# clean factors again; each rank's sends go one at a time in priority order
# (HETSCAL_SEND_WINDOW=1, runtime/send_window.h), so failed sends and the
# error messages that replace them pass through the window.
HETSCAL_SEND_WINDOW=1 exec "$LAUNCH" 4 "$top_builddir/testing/t_out_of_memory" mpi
