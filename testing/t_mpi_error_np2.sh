#!/bin/sh
# The k-th MPI_Isend or MPI_Irecv of one rank failing mid-call (PDPOTRF,
# PDGEQRF, PDGETRF), 1x2 grid: INFO = HETSCAL_ERR_MPI everywhere, no hang, then
# clean factors again.
exec "$LAUNCH" 2 "$top_builddir/testing/t_out_of_memory" mpi
