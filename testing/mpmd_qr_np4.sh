#!/bin/sh
# PDGEQRF on 1x2, 2x1 and 2x2 grids of four ranks that differ in threads,
# tile variables, devices and CPU sets.
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/mpmd/run_mpmd.sh" testing/xqr \
  "$top_srcdir/testing/data/qr_mpmd.dat" \
  "HETSCAL_NUM_THREADS=2 HETSCAL_DEVICES=emu:1" \
  "HETSCAL_NUM_THREADS=1 HETSCAL_DEVICES=cpu taskset -c 0" \
  "HETSCAL_NUM_THREADS=3 HETSCAL_NB_SMALL=48 HETSCAL_OVERLAP_COPIES=2" \
  "HETSCAL_NUM_THREADS=1 HETSCAL_DEVICES=emu:2 HETSCAL_NB=128"
