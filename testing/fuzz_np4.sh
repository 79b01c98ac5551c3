#!/bin/sh
# fuzz_np4.sh: the differential fuzzer with a fixed seed, 300 random cases
# of each of P?POTRF, P?GEQRF and P?GETRF (all precisions, grids 1x1 to
# 2x2 with processes outside the grid, a mapped grid and a grid on a
# sub-communicator) on 4 ranks, hetscal against the reference.
exec sh "$top_srcdir/testing/fuzz/run_fuzz.sh" 41 300 4
