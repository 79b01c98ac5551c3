#!/bin/sh
# The P?GETRF tester on its built-in input in the four precisions, 2 MPI
# ranks with 2 emulated GPUs each (testing/tester/run_lu_on_devices.sh):
# every case must pass, every call reach hetscal and, in each precision,
# trailing updates run on the GPUs.
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/tester/run_lu_on_devices.sh" emu:2
