#!/bin/sh
# PDGEQRF and PDGETRF on a 2 x 2 grid, N = 6400 in 256 x 256 blocks (a
# 78 MiB share), under an address-space limit of what each process has
# mapped plus 0.6 of its share, with the caller's-grid layouts
# (HETSCAL_QR_GRID=1, HETSCAL_LU_GRID=1, the default at this share): the
# blocks stay in the caller's array, and on two process columns each rank
# also packs the panels it receives for its strips, in one set of
# buffers at this share (api/call_driver.c) beside the QR's sums and the
# received copies; everything fits, so hetscal runs the calls itself,
# its own factors bit for bit (testing/t_memory_limit.c grid); none is
# handed to ScaLAPACK.
exec sh "$top_srcdir/testing/memory_limit_grid_run.sh" 4
