#!/bin/sh
# Each rank sees its own GPU (CUDA_VISIBLE_DEVICES=0 on one rank, 1 on the
# other, as `srun --gpus-per-task` gives them; the CUDA stand-in), and each
# must use it: GPUs are shared by UUID among the ranks of a node, so two
# ranks that each see a different single GPU do not share it (the rule
# "GPU g to local rank g mod ranks" left rank 1 on the CPUs).  The PDPOTRF
# tester passes and both ranks report GPU tasks.  The GPU panel width is
# fixed (HETSCAL_NB_GPU): the stand-in's GPU runs on the host's cores, and
# on a loaded host its measured rate can leave it no panel.
: "${top_srcdir:=$(dirname "$0")/..}"
log=$(mktemp "${TMPDIR:-/tmp}/cuda-visible.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=32 HETSCAL_NB_GPU=64 HETSCAL_VERBOSE=1
export HETSCAL_DEVICES HETSCAL_NB_SMALL HETSCAL_NB_GPU HETSCAL_VERBOSE
sh "$top_srcdir/testing/mpmd/run_mpmd.sh" testing/xllt \
    "$top_srcdir/testing/data/llt_mpmd.dat" \
    "CUDA_VISIBLE_DEVICES=0" "CUDA_VISIBLE_DEVICES=1" >"$log" 2>&1
status=$?
grep -v "^hetscal: pdpotrf rank" "$log" | tail -n 20
[ $status -eq 0 ] || exit 1
for rank in 0 1; do
    grep "^hetscal: rank $rank in pdpotrf: devices: cpu + cuda:0 (.*1 GPU(s) visible)" "$log" |
        grep -q "gpu_tasks=[1-9]" || {
        echo "FAIL: rank $rank ran no task on the GPU it sees" >&2; exit 1; }
done
