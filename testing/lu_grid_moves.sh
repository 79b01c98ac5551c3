#!/bin/sh
# The 2-D LU's row moves (hs_lu_grid_moves) against ?LASWP's interchanges
# applied one by one.
exec "$top_builddir/testing/t_lu_grid_moves"
