#!/bin/sh
# A GPU in exclusive-process compute mode (nvidia-smi -c EXCLUSIVE_PROCESS)
# that another process of the node holds: hetscal's rank cannot make its
# context there, says so ("busy or unavailable") and factors on its CPUs,
# correctly; once the other process has gone, the same run uses the GPU.
# The CUDA stand-in with CUDA_STANDIN_COMPUTE_MODE=exclusive_process; the
# holder is t_cuda_standin --hold.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
dir=$(mktemp -d "${TMPDIR:-/tmp}/cuda-exclusive.XXXXXX") || exit 99
holder=
trap '[ -n "$holder" ] && kill "$holder" 2>/dev/null; rm -rf "$dir"' EXIT
CUDA_STANDIN_COMPUTE_MODE=exclusive_process CUDA_STANDIN_DEVICES=1 CUDA_STANDIN_LOCK_DIR=$dir
export CUDA_STANDIN_COMPUTE_MODE CUDA_STANDIN_DEVICES CUDA_STANDIN_LOCK_DIR

run_llt() {   # $1: log
    HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=16 HETSCAL_NB_GPU=32 HETSCAL_VERBOSE=1 \
        sh "$top_srcdir/testing/tester/run_llt.sh" 1 "$top_srcdir/testing/data/llt_emu.dat" \
        >"$1" 2>&1
}
gpu_tasks() {
    grep -o 'gpu_tasks=[0-9]*' "$1" | awk -F= '{s += $2} END {print s + 0}'
}

"$top_builddir/testing/t_cuda_standin" --hold 300 >"$dir/hold.log" 2>&1 &
holder=$!
for _ in $(seq 100); do
    grep -q 'holding GPU 0' "$dir/hold.log" && break
    sleep 0.2
done
grep -q 'holding GPU 0' "$dir/hold.log" || { cat "$dir/hold.log"; echo "FAILED: no holder"; exit 1; }

status=0
run_llt "$dir/busy.log" || { echo "FAILED: the tester, GPU held elsewhere"; status=1; }
grep -v '^hetscal:' "$dir/busy.log" | grep -E 'PASSED|FAILED|tests' | tail -3
if grep -q 'busy or unavailable' "$dir/busy.log" && [ "$(gpu_tasks "$dir/busy.log")" -eq 0 ]; then
    echo "GPU held by another process: the rank said so and ran on its CPUs PASSED"
else
    grep 'devices:' "$dir/busy.log" | head -2
    echo "GPU held by another process: no report, or GPU tasks FAILED"; status=1
fi

kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
holder=
run_llt "$dir/free.log" || { echo "FAILED: the tester, GPU free"; status=1; }
if [ "$(gpu_tasks "$dir/free.log")" -gt 0 ]; then
    echo "GPU free again: the rank used it PASSED"
else
    grep 'devices:' "$dir/free.log" | head -2
    echo "GPU free again: no GPU tasks FAILED"; status=1
fi
exit $status
