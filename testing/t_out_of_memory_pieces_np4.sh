#!/bin/sh
# Allocations and then MPI posts failing mid-call on one rank while the
# tiles move as pieces across ranks (HETSCAL_OVERLAP_COPIES=2,
# api/call_pieces.h), with 2 emulated GPUs per rank, 2x2 grid: a piece
# copy with no memory is the runtime's sink, several of which are one
# access of a scatter that runs whatever its inputs carry (its kernel
# wrote past A when it took the accesses by position).  INFO = the
# failure's status everywhere, no hang, then clean factors again.
HETSCAL_DEVICES=emu:2 HETSCAL_OVERLAP_COPIES=2
export HETSCAL_DEVICES HETSCAL_OVERLAP_COPIES
"$LAUNCH" 4 "$top_builddir/testing/t_out_of_memory" || exit
HETSCAL_SEND_WINDOW=1 exec "$LAUNCH" 4 "$top_builddir/testing/t_out_of_memory" mpi
