#!/bin/sh
# The PDPOTRF tester on llt_hard.dat with emulated GPUs, 4 ranks: 1 GPU
# per rank, then 2 with late completions (delays up to 1 ms).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_DEVICES=emu:1 HETSCAL_NB_SMALL=16 \
    sh "$top_srcdir/testing/llt/run_llt.sh" 4 "$top_srcdir/testing/data/llt_hard.dat" || exit 1
HETSCAL_DEVICES=emu:2 HETSCAL_EMU_DELAY_US=1000 HETSCAL_EMU_SEED=7 HETSCAL_NB_SMALL=24 \
    exec sh "$top_srcdir/testing/llt/run_llt.sh" 4 "$top_srcdir/testing/data/llt_hard.dat"
