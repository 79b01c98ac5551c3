#!/bin/sh
# Emulated GPUs whose memory (40 KB) is smaller than their share of the
# matrix: tiles stay on the host, device copies are evicted and tasks move
# to the host; results must still pass, and the verbose lines must show
# that both the accelerators and the fallback were used.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
: "${LAUNCH:=$top_srcdir/testing/launch}"
log=$(mktemp "${TMPDIR:-/tmp}/llt-emu-small.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
HETSCAL_DEVICES=emu:2 HETSCAL_EMU_MEMORY=40k HETSCAL_NB_SMALL=32 HETSCAL_NB_GPU=64 \
HETSCAL_VERBOSE=1 sh "$top_srcdir/testing/tester/run_llt.sh" 4 \
    "$top_srcdir/testing/data/llt_emu.dat" > "$log" 2>&1
status=$?
grep -v '^hetscal:' "$log"
[ $status -eq 0 ] || exit 1
gpu=$(grep -o 'gpu_tasks=[0-9]*' "$log" | awk -F= '{s += $2} END {print s + 0}')
kept=$(grep -o 'tiles_kept_on_host=[0-9]*' "$log" | awk -F= '{s += $2} END {print s + 0}')
echo "tasks run on emulated GPUs: $gpu; tiles kept on the host for lack of GPU memory: $kept"
[ "$gpu" -gt 0 ] && [ "$kept" -gt 0 ]
