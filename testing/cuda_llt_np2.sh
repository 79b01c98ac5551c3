#!/bin/sh
# The PDPOTRF tester on llt_hard.dat, 2 ranks, HETSCAL_DEVICES=cuda on the
# CUDA stand-in: the real backend, each rank with one of the node's 2
# simulated GPUs; small tiles so that every case has GPU panels.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_POISON_MEMORY=1; export HETSCAL_POISON_MEMORY
HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=16 \
    exec sh "$top_srcdir/testing/tester/run_llt.sh" 2 "$top_srcdir/testing/data/llt_hard.dat"
