#!/bin/sh
# The grid's workers, which the tile rules and the model give their tiles
# to, count no more threads on a node than the node has CPUs for them
# (hs_rank_workers, api/config_agree.c): PDPOTRF N = 1000 on 4 ranks run
# under `taskset` on k of this machine's CPUs, with the share said to fit
# in the cache (HETSCAL_CACHE_KB) so that the size rule decides and
# HETSCAL_VERBOSE=2 says for how many threads.  4 ranks of one thread on
# one CPU are one worker, on two CPUs two; 4 ranks of two threads on two
# CPUs two; on all the CPUs the launcher gives, min(8, CPUs).  Each call
# must pass time_scalapack's residual check.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
LAUNCH=${LAUNCH:-$top_srcdir/testing/launch}
: "${MPIEXEC:=mpiexec.mpich}"
. "$top_srcdir/testing/mpi_env.sh"
# Open MPI binds its ranks to cores itself: the CPUs would be its, not
# taskset's.
[ -n "$hetscal_open_mpi" ] && { echo "SKIP: Open MPI places its ranks itself"; exit 77; }
command -v taskset >/dev/null 2>&1 || { echo "SKIP: no taskset"; exit 77; }
cpus=$(nproc)
# The first two CPUs this shell may run on (taskset's list, e.g. 0-3,6).
set -- $(taskset -pc $$ | sed 's/.*: //' | tr ',' '\n' |
    awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) print c }' | head -n 2)
first=$1 second=${2:-}
HETSCAL_CACHE_KB=1000000 HETSCAL_VERBOSE=2 OPENBLAS_NUM_THREADS=1
export HETSCAL_CACHE_KB HETSCAL_VERBOSE OPENBLAS_NUM_THREADS
out=$(mktemp "${TMPDIR:-/tmp}/workers.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
failed=0
check() {
    # check CPUS THREADS WANTED: the CPU list for taskset ("" for all)
    list=$1 threads=$2 want=$3
    if [ -n "$list" ]; then
        taskset -c "$list" sh "$LAUNCH" 4 "$top_builddir/timing/time_scalapack" -routine potrf \
            -n 1000 -nb 64 -p 2 -q 2 -threads "$threads" -reps 1 -noref -noceiling >"$out" 2>&1
    else
        sh "$LAUNCH" 4 "$top_builddir/timing/time_scalapack" -routine potrf -n 1000 -nb 64 \
            -p 2 -q 2 -threads "$threads" -reps 1 -noref -noceiling >"$out" 2>&1
    fi
    status=$?
    said=$(grep -c "hetscal: tile [0-9]* for N = 1000 on $want threads: the size rule" "$out")
    passed=$(grep -c ' PASSED$' "$out")
    if [ $status -ne 0 ] || [ "$said" -ne 1 ] || [ "$passed" -ne 1 ]; then
        echo "FAIL: CPUs '${list:-all}', $threads threads a rank: exit $status, $passed passed," \
             "'on $want threads' said $said times"
        grep 'hetscal: tile' "$out"
        tail -n 5 "$out"
        failed=1
    else
        echo "ok: CPUs '${list:-all}', $threads threads a rank: $want workers"
    fi
}
check "$first" 1 1
if [ -n "$second" ]; then
    check "$first,$second" 1 2
    check "$first,$second" 2 2
fi
check "" 2 $((cpus < 8 ? cpus : 8))
exit $failed
