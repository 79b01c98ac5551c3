#!/bin/sh
# The spread LU panel (hs_lu_spread_panel) on threads standing for a
# process column's ranks, against LAPACK's ?GETRF on the whole panel: the
# members' rows on the host, on emulated GPUs and, in a CUDA or stand-in
# build (CI's stage 4 runs it there), on CUDA GPUs.
exec "$top_builddir/testing/t_lu_spread_panel"
