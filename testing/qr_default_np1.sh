#!/bin/sh
# The PDGEQRF tester on its built-in input, 1 MPI rank (the 1x1 grids).
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/tester/run_qr.sh" 1
