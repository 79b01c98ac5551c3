#!/bin/sh
# fuzz_qr_grid_np4.sh: the differential fuzzer's P?GEQRF (as
# fuzz_np4.sh, another seed, 150 cases) with the caller's-grid layout
# forced (HETSCAL_QR_GRID=1) in 4 x 4 tiles: INFO, the factor and TAU
# against the reference, NaNs and infinities included.
HETSCAL_QR_GRID=1 HETSCAL_NB_SMALL=4
export HETSCAL_QR_GRID HETSCAL_NB_SMALL
exec sh "$top_srcdir/testing/fuzz/run_fuzz.sh" 47 150 4 geqrf
