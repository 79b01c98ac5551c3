#!/bin/sh
# PDGEQRF and PDGETRF on a 2 x 1 grid, N = 4608 in 256 x 256 blocks (an
# 81 MiB share), under an address-space limit of what each process has
# mapped plus 0.6 of its share (the matrix at 62% of the room), with the
# caller's-grid layouts (HETSCAL_QR_GRID=1, HETSCAL_LU_GRID=1, which the
# default takes at this share too): the blocks stay in the caller's array
# and everything else fits in the rest, so hetscal runs the calls itself,
# its own factors bit for bit (PDGETRF's the same as with the tiles
# copied; testing/t_memory_limit.c grid); none is handed to ScaLAPACK.
exec sh "$top_srcdir/testing/memory_limit_grid_run.sh" 2
