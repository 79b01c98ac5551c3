#!/bin/sh
# P?GETRF on a grid whose two ranks differ in threads, devices (two
# emulated GPUs on one rank, none on the other), HETSCAL_NB_SMALL,
# HETSCAL_OVERLAP_COPIES and HETSCAL_PANELS: rank (0,0)'s values decide the layout
# (src/api/config_agree.c), and testing/data/lu_hard.dat's cases that fit
# on 2 ranks pass (INFO, IPIV against the reference's, ||A - PLU||).
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/mpmd/run_mpmd.sh" testing/xlu \
  "$top_srcdir/testing/data/lu_hard.dat" \
  "HETSCAL_NUM_THREADS=2 HETSCAL_DEVICES=emu:2" \
  "HETSCAL_NUM_THREADS=1 HETSCAL_DEVICES=cpu HETSCAL_NB_SMALL=16 HETSCAL_OVERLAP_COPIES=2 \
HETSCAL_PANELS=host"
