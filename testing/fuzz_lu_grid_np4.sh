#!/bin/sh
# fuzz_lu_grid_np4.sh: the differential fuzzer (as fuzz_np4.sh, another
# seed, 150 cases a routine) with P?GETRF's 2-D grid layout forced
# (HETSCAL_LU_GRID=1) in 4 x 4 tiles: INFO, IPIV and the factor against
# the reference, NaNs and infinities included.
HETSCAL_LU_GRID=1 HETSCAL_NB_SMALL=4
export HETSCAL_LU_GRID HETSCAL_NB_SMALL
exec sh "$top_srcdir/testing/fuzz/run_fuzz.sh" 43 150 4
