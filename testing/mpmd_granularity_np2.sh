#!/bin/sh
# PDPOTRF on a grid whose two ranks see different kernel rates and
# different caches (as ranks on different nodes would): the rates are
# averaged over the grid and rank (0,0)'s cache size wins, so both build
# one layout and every case passes.
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/mpmd/run_mpmd.sh" testing/xllt \
  "$top_srcdir/testing/data/llt_granularity.dat" \
  "HETSCAL_CACHE_KB=1 HETSCAL_KERNEL_RATES=128:50" \
  "HETSCAL_CACHE_KB=100000 HETSCAL_KERNEL_RATES=128:5,192:10,256:20,384:40"
