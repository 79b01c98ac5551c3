#!/bin/sh
# xdinv_grid_np4.sh: Debian's xdinv (PDGETRI on PDGETRF's factor and
# IPIV) on inv_hard.dat, 4 ranks, hetscal preloaded with the 2-D grid
# layout forced (HETSCAL_LU_GRID=1) in 8 x 8 tiles.
HETSCAL_LU_GRID=1 HETSCAL_NB_SMALL=8
export HETSCAL_LU_GRID HETSCAL_NB_SMALL
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdinv 4 \
    "$top_srcdir/testing/scalapack/inv_hard.dat" 192 460
