#!/bin/sh
# The P?GETRF tester on testing/data/lu_spread.dat (orders 1500 and 2000,
# tiles from the size rule) on 4 one-thread ranks, grids of 2 and 4
# process rows, with the 2-D layout and its spread panels forced: the
# calling thread of each rank runs every task and, while its part waits
# in an exchange, the communication loop; a part that started before its
# peers had packed would wait for work its own rank has yet to do (the
# markers and the grouped insertion, algo/lu_grid.c).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_LU_GRID=1 HETSCAL_LU_SPREAD=1 HETSCAL_NUM_THREADS=1
export HETSCAL_LU_GRID HETSCAL_LU_SPREAD HETSCAL_NUM_THREADS
exec sh "$top_srcdir/testing/tester/run_lu.sh" 4 "$top_srcdir/testing/data/lu_spread.dat"
