#!/bin/sh
# PDPOTRF (L and U) on 1x2, 2x1 and 2x2 grids of four ranks that differ
# in threads, tile variables, devices (none, one or two emulated GPUs),
# CPU sets and HETSCAL_BROADCAST (the grid's rank (0,0) decides whether
# copies are forwarded along trees: every rank must follow it).
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/mpmd/run_mpmd.sh" testing/xllt \
  "$top_srcdir/testing/data/llt_mpmd.dat" \
  "HETSCAL_NUM_THREADS=1 HETSCAL_DEVICES=cpu" \
  "HETSCAL_NUM_THREADS=2 HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=40" \
  "HETSCAL_NUM_THREADS=3 HETSCAL_DEVICES=emu:1 HETSCAL_NB_GPU=64 HETSCAL_BROADCAST=tree taskset -c 1" \
  "HETSCAL_NUM_THREADS=2 HETSCAL_OVERLAP_COPIES=0 HETSCAL_NB=200 HETSCAL_BROADCAST=flat"
