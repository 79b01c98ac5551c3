#!/bin/sh
# The PDGEQRF tester's built-in input on 4 ranks, 1 emulated GPU each, late
# completions (up to 1 ms).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_DEVICES=emu:1 HETSCAL_NB_SMALL=12 HETSCAL_EMU_DELAY_US=1000 \
    exec sh "$top_srcdir/testing/tester/run_qr.sh" 4
