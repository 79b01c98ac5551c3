#!/bin/sh
# timing/summary_cost.sh [CALLS [ROUNDS]]: what HETSCAL_SUMMARY=1 costs a
# run of many small calls (issue 44: cheap enough to leave on).  Runs
# time_scalapack's PDPOTRF (N = 100, NB 32, 1 x 2 grid of one-thread
# ranks, CALLS timed calls, default 1000) with the summary off and on,
# alternating, ROUNDS times (default 3), and prints each run's median and
# best call time, then the ratio of the medians over the rounds.  The
# summary's cost is a mutex and a clock read per call and two reductions
# at MPI_Finalize (outside the timed calls).  Run from the build
# directory on a quiet host; not part of make check.
calls=${1:-1000} rounds=${2:-3}
top=$(cd "$(dirname "$0")/.." && pwd)
echo "cpu: $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo), $(nproc) cores"
csv=$(mktemp "${TMPDIR:-/tmp}/summary-cost.XXXXXX") || exit 1
trap 'rm -f "$csv"' EXIT
run() {   # $1: HETSCAL_SUMMARY value; prints "median best" in microseconds
    env HETSCAL_SUMMARY="$1" sh "$top/testing/launch" 2 timing/time_scalapack -routine potrf \
        -n 100 -nb 32 -p 1 -q 2 -threads 1 -reps "$calls" -nocheck -noceiling \
        -csv "$csv" >/dev/null 2>&1
    awk -F, '$1 == "PDPOTRF" { printf "%.1f %.1f\n", $11 * 1e6, $10 * 1e6 }' "$csv"
}
off_sum=0 on_sum=0
for r in $(seq "$rounds"); do
    off=$(run 0) on=$(run 1)
    echo "round $r: summary off: median $(echo "$off" | cut -d' ' -f1) us, best $(echo "$off" | cut -d' ' -f2) us; on: median $(echo "$on" | cut -d' ' -f1) us, best $(echo "$on" | cut -d' ' -f2) us"
    off_sum=$(echo "$off_sum $off" | awk '{ print $1 + $2 }')
    on_sum=$(echo "$on_sum $on" | awk '{ print $1 + $2 }')
done
echo "$on_sum $off_sum $rounds $calls" |
    awk '{ printf "median call time with the summary on / off, over %d rounds of %d calls: %.4f\n", $3, $4, $1 / $2 }'
