#!/bin/sh
# The PDPOTRF tester on its built-in input with 1 emulated GPU, 1 rank.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_DEVICES=emu:1 exec sh "$top_srcdir/testing/tester/run_llt.sh" 1
