#!/bin/sh
# Memory of the GPU path (testing/t_cuda_pinned.c): device buffers within
# the capacity and cached, pinned host memory; 2 ranks on the
# stand-in's 2 GPUs, every copy required to be asynchronous
# (CUDA_STANDIN_PAGEABLE=fail), small tiles and a fixed GPU panel width
# so that the GPUs get tasks,
# some of them chained on a GPU's stream behind their predecessors.
log=$(mktemp "${TMPDIR:-/tmp}/cuda-pinned.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
# run_pinned VAR=VALUE [small-gpu]: t_cuda_pinned with every copy
# asynchronous, small tiles and VAR set, its output in $log; fails the
# script unless every check passed.
run_pinned() {
    setting=$1; shift
    env CUDA_STANDIN_PAGEABLE=fail HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=32 HETSCAL_NB_GPU=64 "$setting" \
        "$LAUNCH" 2 "$top_builddir/testing/t_cuda_pinned" "$@" >"$log" 2>&1
    status=$?
    cat "$log"
    [ $status -eq 0 ] || exit 1
    grep -q "^t_cuda_pinned: 0 failed checks" "$log" || exit 1
}
# On GPUs of 513 MiB: 1 MiB for tiles above the reserve.
run_pinned CUDA_STANDIN_MEMORY=513m small-gpu
run_pinned HETSCAL_VERBOSE=1
grep "^hetscal: rank [0-9]* in pdpotrf: devices: cpu + cuda" "$log" | grep -q "gpu_tasks=[1-9]" || {
    echo "FAIL: no call ran tasks on a GPU" >&2; exit 1; }
chained=$(grep -o ' chained=[0-9]*' "$log" | awk -F= '{s += $2} END {print s + 0}')
echo "device tasks chained behind a posted predecessor: $chained"
[ "$chained" -gt 0 ]
