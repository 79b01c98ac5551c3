#!/bin/sh
# Allocations and then MPI posts failing mid-call on one rank while
# P?GETRF's panels are spread over their process column (HETSCAL_LU_SPREAD=1,
# kernels/lu_spread_panel.h), 2x2 grid: a part whose exchange could not be
# posted fails the call although posting it again let its peers go on
# (runtime/exchange.c).  INFO = the failure's status everywhere, no hang,
# then clean factors again.
HETSCAL_LU_GRID=1 HETSCAL_LU_SPREAD=1 T_OOM_ROUTINE=PDGETRF
export HETSCAL_LU_GRID HETSCAL_LU_SPREAD T_OOM_ROUTINE
"$LAUNCH" 4 "$top_builddir/testing/t_out_of_memory" || exit
exec "$LAUNCH" 4 "$top_builddir/testing/t_out_of_memory" mpi
