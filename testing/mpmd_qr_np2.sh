#!/bin/sh
# PDGEQRF on a grid whose two ranks differ in threads, devices (two
# emulated GPUs on one rank, none on the other), HETSCAL_NB and
# HETSCAL_OVERLAP_COPIES.
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/mpmd/run_mpmd.sh" testing/xqr \
  "$top_srcdir/testing/data/qr_mpmd.dat" \
  "HETSCAL_NUM_THREADS=2 HETSCAL_DEVICES=emu:2" \
  "HETSCAL_NUM_THREADS=1 HETSCAL_DEVICES=cpu HETSCAL_NB=256 HETSCAL_OVERLAP_COPIES=2"
