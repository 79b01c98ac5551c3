#!/bin/sh
# The PDPOTRF tester on llt_hard.dat with 2 emulated GPUs per rank, 2 ranks,
# small tiles so that every case has accelerator panels.
: "${top_srcdir:=$(dirname "$0")/..}"
# Tile blocks start as NaNs (HETSCAL_POISON_MEMORY): tile entries that
# nothing writes must not be read either.
HETSCAL_POISON_MEMORY=1; export HETSCAL_POISON_MEMORY
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=16 \
    exec sh "$top_srcdir/testing/tester/run_llt.sh" 2 "$top_srcdir/testing/data/llt_hard.dat"
