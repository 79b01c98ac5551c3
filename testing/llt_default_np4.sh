#!/bin/sh
# The PDPOTRF tester (testing/xllt) on its built-in input, 4 MPI ranks.
# top_srcdir comes from make check; by hand it is this script's parent.
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/tester/run_llt.sh" 4
