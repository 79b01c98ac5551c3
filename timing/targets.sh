#!/bin/sh
# timing/targets.sh [OUTDIR]: the performance targets of hetscal in one run
# (`make targets` runs it from the build tree).  Measures, side by side:
#   - time_lapack: the DGEMM rate of 1 and 2 BLAS threads and LAPACK's
#     DPOTRF / DGEQRF / DGETRF on 2 threads (N = 4000, 8000);
#   - time_scalapack -f timing/targets.dat: hetscal's PDPOTRF, PDGEQRF and
#     PDGETRF against the reference ScaLAPACK's for N = 100, 500, 4000,
#     8000, NB = 64, 128, 256 on a 1x1 grid of one 2-thread rank and 1x2,
#     2x1 grids of one-thread ranks;
# then prints each target with what was measured and PASS or MISS.  The
# CSVs stay in OUTDIR (default timing/targets-out).  MPICH polls while it
# waits, as it does for a user (HETSCAL_NO_IDLE_SLEEP=1): the machine must
# have two free cores.  Takes about 30 minutes on 2 cores.
set -e
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-.}
out=${1:-timing/targets-out}
mkdir -p "$out"
export top_builddir
export HETSCAL_NO_IDLE_SLEEP=1
# As a user runs it: small calls go to the reference when the measured
# crossover says so (testing/launch keeps every call on hetscal for the
# tests).
: "${HETSCAL_SMALL_CALLS:=measured}"
export HETSCAL_SMALL_CALLS
: "${HETSCAL_TEST_TIMEOUT:=7200}"   # testing/launch stops a run after 600 s by default
export HETSCAL_TEST_TIMEOUT

"$top_builddir/timing/time_lapack" -threads 2 -n 4000,8000 -reps 3 -csv "$out/lapack.csv"
"$top_srcdir/testing/launch" 2 "$top_builddir/timing/time_scalapack" \
    -f "$top_srcdir/timing/targets.dat" -csv "$out/scalapack.csv" || true
"$top_builddir/timing/time_lapack" -threads 2 -n 100 -reps 1 -csv "$out/lapack_after.csv" \
    | grep DGEMM

awk -F, -f "$top_srcdir/timing/targets.awk" "$out/lapack.csv" "$out/lapack_after.csv" \
    "$out/scalapack.csv"
