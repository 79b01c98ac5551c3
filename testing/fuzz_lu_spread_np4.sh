#!/bin/sh
# fuzz_lu_spread_np4.sh: the differential fuzzer (as fuzz_lu_grid_np4.sh,
# another seed, 300 cases of P?GETRF alone) with P?GETRF's 2-D layout and its spread panels forced
# (HETSCAL_LU_GRID=1, HETSCAL_LU_SPREAD=1) in 4 x 4 tiles, one-thread
# ranks: INFO, IPIV and the factor against the reference, NaNs and
# infinities included (ScaLAPACK's search on the gathered panel,
# kernels/lu_spread_panel.h).
HETSCAL_LU_GRID=1 HETSCAL_LU_SPREAD=1 HETSCAL_NB_SMALL=4
export HETSCAL_LU_GRID HETSCAL_LU_SPREAD HETSCAL_NB_SMALL
exec sh "$top_srcdir/testing/fuzz/run_fuzz.sh" 47 300 4 getrf
