#!/bin/sh
# The PDGETRF tester on its built-in input, 2 MPI ranks with 2 emulated
# GPUs each (HETSCAL_DEVICES=emu:2): every case must still pass and every
# call reach hetscal.  hetscal opens the devices but keeps LU's tiles on
# the host, so the tasks run on the GPUs are printed, not required.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_DEVICES=emu:2; export HETSCAL_DEVICES
exec sh "$top_srcdir/testing/lu/run_lu.sh" 2
