#!/bin/sh
# copy_tasks_emu_np1.sh: the repartition as tasks of the run (one rank,
# HETSCAL_OVERLAP_COPIES=2) while 2 emulated GPUs hold tiles: each routine,
# precision and shape below must pass its residual check with the tile
# block poisoned (a tile sent to a GPU before its fill task, or written
# back before its last version came home, shows as NaNs), report its
# copies as tasks and run tasks on the GPUs.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
LAUNCH=${LAUNCH:-$top_srcdir/testing/launch}
# HETSCAL_NB_GPU: a fixed GPU share of each column, not the one the
# DGEMM rates measured at the call give (a loaded host can make it 0).
HETSCAL_DEVICES=emu:2 HETSCAL_OVERLAP_COPIES=2 HETSCAL_POISON_MEMORY=1 HETSCAL_VERBOSE=1
HETSCAL_NB_GPU=96 OPENBLAS_NUM_THREADS=1
export HETSCAL_DEVICES HETSCAL_OVERLAP_COPIES HETSCAL_POISON_MEMORY HETSCAL_VERBOSE
export HETSCAL_NB_GPU
export OPENBLAS_NUM_THREADS
out=$(mktemp "${TMPDIR:-/tmp}/copy-tasks-emu.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
failed=0
run() {
    # run LABEL ARGS...: one time_scalapack case
    label=$1; shift
    sh "$LAUNCH" 1 "$top_builddir/timing/time_scalapack" -p 1 -q 1 -threads 2 -reps 1 \
        -noceiling "$@" > "$out" 2>&1
    status=$?
    passed=$(grep -c ' PASSED$' "$out")
    tasks=$(grep -c 'in and out as tasks in factor' "$out")
    gpu=$(grep -c 'gpu_tasks=[1-9]' "$out")
    if [ $status -ne 0 ] || [ "$passed" -ne 1 ] || [ "$tasks" -lt 1 ] || [ "$gpu" -lt 1 ]; then
        echo "FAIL: $label: exit $status, $passed passed, $tasks calls with copy tasks," \
             "$gpu with GPU tasks"
        tail -n 20 "$out"
        failed=1
    else
        echo "ok: $label"
    fi
}
run "PDPOTRF L 1000" -routine dpotrf -n 1000 -nb 64
run "PZPOTRF U 700" -routine zpotrf -n 700 -nb 48 -uplo U
run "PDGETRF 1100 x 900" -routine dgetrf -m 1100 -n 900 -nb 64
run "PCGETRF 800" -routine cgetrf -n 800 -nb 32
run "PDGEQRF 1000 x 800" -routine dgeqrf -m 1000 -n 800 -nb 64
run "PSGEQRF 900" -routine sgeqrf -n 900 -nb 50
exit $failed
