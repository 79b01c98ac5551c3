#!/bin/sh
# Small calls on a grid whose two ranks differ in HETSCAL_SMALL_CALLS,
# HETSCAL_SUMMARY and rates file: rank (0,0)'s plan (N = 100 to the
# reference, the rest on hetscal) and its summary setting reach the other
# rank through the checks' collective, so both hand the same calls on and
# both join the summary's collective at MPI_Finalize (a rank that did not
# would leave the other waiting).
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/mpmd/run_mpmd.sh" testing/xllt \
  "$top_srcdir/testing/data/llt_small_calls.dat" \
  "HETSCAL_SMALL_CALLS=120 HETSCAL_SUMMARY=1" \
  "HETSCAL_SMALL_CALLS=hetscal HETSCAL_SUMMARY=0 HETSCAL_RATES_FILE=none"
