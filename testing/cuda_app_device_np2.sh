#!/bin/sh
# The application's current CUDA device is the same after a call as before
# (testing/t_cuda_app_device.c), 2 ranks on the stand-in's 2 GPUs, small
# tiles and a fixed GPU panel width so that the GPUs get tasks (the
# verbose lines must show some).
log=$(mktemp "${TMPDIR:-/tmp}/cuda-app-device.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=32 HETSCAL_NB_GPU=64 HETSCAL_VERBOSE=1 \
    "$LAUNCH" 2 "$top_builddir/testing/t_cuda_app_device" >"$log" 2>&1
status=$?
cat "$log"
[ $status -eq 0 ] || exit 1
grep -q "^t_cuda_app_device: 0 failed checks" "$log" || exit 1
grep "^hetscal: rank [0-9]* in pdpotrf: devices: cpu + cuda" "$log" | grep -q "gpu_tasks=[1-9]" || {
    echo "FAIL: no call ran tasks on a GPU" >&2; exit 1; }
