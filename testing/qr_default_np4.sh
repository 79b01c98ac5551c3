#!/bin/sh
# The PDGEQRF tester on its built-in input (shapes, MB != NB, offsets,
# grids 1x1 1x2 2x1 2x2 1x4 4x1 1x3), 4 MPI ranks.
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/tester/run_qr.sh" 4
