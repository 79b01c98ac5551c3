#!/bin/sh
# The spread LU panel (hs_lu_spread_panel) on threads standing for a
# process column's ranks, against LAPACK's ?GETRF on the whole panel.
exec "$top_builddir/testing/t_lu_spread_panel"
