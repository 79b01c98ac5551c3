#!/bin/sh
# PDPOTRF (L and U) on a grid whose two ranks differ in threads (their
# default tiles differ), in HETSCAL_NB_SMALL and HETSCAL_OVERLAP_COPIES
# (rank (0,0)'s values win) and in CPU set: one layout all the same.
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/mpmd/run_mpmd.sh" testing/xllt \
  "$top_srcdir/testing/data/llt_mpmd.dat" \
  "HETSCAL_NUM_THREADS=1" \
  "HETSCAL_NUM_THREADS=2 HETSCAL_NB_SMALL=96 HETSCAL_OVERLAP_COPIES=2 taskset -c 0"
