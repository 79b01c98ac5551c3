#!/bin/sh
# The CUDA backend with the panels of its GPU columns on the host
# (HETSCAL_PANELS=host; the other CUDA tests keep them on the GPUs,
# testing/launch): the three routines in the four precisions on a 1 x 2
# grid, each with the residual check of time_scalapack, and every rank's
# device line saying panels=host.
: "${top_srcdir:=$(dirname "$0")/..}"
: "${top_builddir:=.}"
out=$(mktemp "${TMPDIR:-/tmp}/cuda-host-panels.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
HETSCAL_DEVICES=cuda HETSCAL_PANELS=host HETSCAL_NB_SMALL=16 HETSCAL_NB_GPU=48 HETSCAL_VERBOSE=1 \
    "$top_srcdir/testing/launch" 2 "$top_builddir/timing/time_scalapack" \
    -routine potrf,getrf,geqrf -precision s,d,c,z -n 384 -nb 32 -p 1 -q 2 -threads 2 \
    -reps 1 -noceiling >"$out" 2>&1
status=$?
grep -v '^hetscal:' "$out"
placements=$(grep -o 'panels=[a-z]* panels_from=[A-Za-z_]*' "$out" | sort | uniq -c)
echo "$placements"
lines=$(grep -c 'panels=host panels_from=HETSCAL_PANELS' "$out")
others=$(grep 'panels=' "$out" | grep -vc 'panels=host panels_from=HETSCAL_PANELS')
gpu_tasks=$(grep -o 'gpu_tasks=[0-9]*' "$out" | awk -F= '{ t += $2 } END { print t + 0 }')
# 12 calls (3 routines x 4 precisions) on 2 ranks; the GPUs still update
# their columns.
if [ $status -ne 0 ] || [ "$lines" -ne 24 ] || [ "$others" -ne 0 ] || [ "$gpu_tasks" -eq 0 ]; then
    echo "FAIL: exit status $status, $lines device lines with host panels (24 expected)," \
        "$others others, $gpu_tasks GPU tasks"
    exit 1
fi
echo "cuda_host_panels_np2: PASSED"
