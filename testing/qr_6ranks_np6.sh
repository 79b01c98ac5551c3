#!/bin/sh
# The PDGEQRF tester on testing/data/qr_6ranks.dat (the 2x3 and 3x2 grids,
# odd sizes up to 600, MB != NB, offset sub(A) on a shifted grid), 6 MPI
# ranks.
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/tester/run_qr.sh" 6 "$top_srcdir/testing/data/qr_6ranks.dat"
