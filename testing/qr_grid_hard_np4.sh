#!/bin/sh
# The P?GEQRF tester on testing/data/qr_hard.dat, 4 ranks, in double
# complex (the other precisions take this layout in
# testing/xdqr_grid_np4.sh, double, and testing/fuzz_qr_grid_np4.sh, all
# four), with the
# caller's-grid layout forced (HETSCAL_QR_GRID=1: the default takes it
# only for shares above 64 MiB) in 16 x 16 tiles, so that each panel
# gathers many tiles from several process rows, buffers serve several
# panels, and partial sums cross the process rows; tile blocks start as
# NaNs (HETSCAL_POISON_MEMORY).  (4 x 4 tiles make some 600 k tasks a
# call, too many for testing/launch's limit, and 8 x 8 took 1.6 times as
# long as 16 x 16, for no case that 16 x 16 lacks.)
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_QR_GRID=1 HETSCAL_NB_SMALL=16 HETSCAL_POISON_MEMORY=1
export HETSCAL_QR_GRID HETSCAL_NB_SMALL HETSCAL_POISON_MEMORY
exec sh "$top_srcdir/testing/tester/run_qr.sh" 4 -precision z \
    "$top_srcdir/testing/data/qr_hard.dat"
