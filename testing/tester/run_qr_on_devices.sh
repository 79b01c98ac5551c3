#!/bin/sh
# run_qr_on_devices.sh DEVICES WHAT: the PDGEQRF tester (its built-in input:
# shapes, MB != NB, offsets) on 2 ranks with HETSCAL_DEVICES=DEVICES and
# narrow panels and a fixed GPU panel width (a loaded host can measure
# GPUs that run on its cores too slow to get a panel), so that the
# trailing updates of the GPU panels run on the GPUs; the verbose lines
# must show GPU tasks, device copies, tasks chained on a GPU's stream and
# tasks on its urgent stream (the panels' chain; both the emulated GPUs
# and the CUDA stand-in have stream priorities), or none on it with
# HETSCAL_URGENT_STREAM=off (WHAT names the GPUs in the summary line).
: "${top_srcdir:=$(dirname "$0")/../..}" "${top_builddir:=.}"
: "${LAUNCH:=$top_srcdir/testing/launch}"
log=$(mktemp "${TMPDIR:-/tmp}/qr-devices.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
HETSCAL_DEVICES=$1 HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=16 HETSCAL_VERBOSE=1 \
    sh "$LAUNCH" 2 "$top_builddir/testing/xqr" > "$log" 2>&1
status=$?
grep -v '^hetscal:' "$log"
[ $status -eq 0 ] && grep -q '^END OF TESTS\.' "$log" &&
    grep -q '^0 tests completed and failed residual checks\.' "$log" || exit 1
gpu=$(grep -o 'gpu_tasks=[0-9]*' "$log" | awk -F= '{s += $2} END {print s + 0}')
h2d=$(grep -o 'h2d=[0-9]*' "$log" | awk -F= '{s += $2} END {print s + 0}')
chained=$(grep -o ' chained=[0-9]*' "$log" | awk -F= '{s += $2} END {print s + 0}')
urgent=$(grep -o ' urgent=[0-9]*' "$log" | awk -F= '{s += $2} END {print s + 0}')
echo "PDGEQRF tasks run on $2: $gpu; host-to-device copies: $h2d; chained: $chained;" \
    "on the urgent stream: $urgent"
[ "$gpu" -gt 0 ] && [ "$h2d" -gt 0 ] && [ "$chained" -gt 0 ] || exit 1
if [ "${HETSCAL_URGENT_STREAM:-on}" = off ]; then [ "$urgent" -eq 0 ]; else [ "$urgent" -gt 0 ]; fi
