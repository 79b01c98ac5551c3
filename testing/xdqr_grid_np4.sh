#!/bin/sh
# xdqr_grid_np4.sh: Debian's xdqr (PDGEQRF, then PDORMQR-based checks on
# our factor and TAU) on qr_hard.dat, 4 ranks, hetscal preloaded with the
# caller's-grid layout forced (HETSCAL_QR_GRID=1) in 5 x 5 tiles (odd,
# unlike every NB of the file); as xdqr_hard_np4.sh otherwise.
HETSCAL_QR_GRID=1 HETSCAL_NB_SMALL=5
export HETSCAL_QR_GRID HETSCAL_NB_SMALL
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdqr 4 \
    "$top_srcdir/testing/scalapack/qr_hard.dat" 480 1380
