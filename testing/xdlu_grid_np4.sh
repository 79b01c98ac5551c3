#!/bin/sh
# xdlu_grid_np4.sh: Debian's xdlu (PDGETRF, then PDGETRS on our factor and
# IPIV) on lu_hard.dat, 4 ranks, hetscal preloaded with the 2-D grid
# layout forced (HETSCAL_LU_GRID=1) in 5 x 5 tiles (odd, unlike every NB
# of the file); as xdlu_hard_np4.sh otherwise (condition estimation off).
HETSCAL_XDLU_EST=F HETSCAL_LU_GRID=1 HETSCAL_NB_SMALL=5
export HETSCAL_XDLU_EST HETSCAL_LU_GRID HETSCAL_NB_SMALL
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdlu 4 \
    "$top_srcdir/testing/scalapack/lu_hard.dat" 800 828
