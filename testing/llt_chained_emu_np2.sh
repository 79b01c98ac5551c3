#!/bin/sh
# Work chained on a device's compute stream (runtime/engine.h): the PDPOTRF
# tester on llt_emu.dat, 2 ranks with 2 emulated GPUs each (streams that
# complete late, in random order between streams), small tiles.  Every case
# must pass, and device tasks must have been granted behind predecessors
# still on their stream (chained=N in the verbose lines, summed).  Half of
# each 64-wide tile column is the GPUs' (HETSCAL_NB_GPU): the split from
# measured rates gives them none when the emulated GPUs were rated beside
# a loaded host's other tests, and then no task is a device task.
: "${top_srcdir:=$(dirname "$0")/..}"
log=$(mktemp "${TMPDIR:-/tmp}/llt-chained.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
HETSCAL_POISON_MEMORY=1 HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=16 HETSCAL_NB_GPU=32 \
    HETSCAL_VERBOSE=1 \
    sh "$top_srcdir/testing/tester/run_llt.sh" 2 "$top_srcdir/testing/data/llt_emu.dat" >"$log" 2>&1
status=$?
grep -v '^hetscal:' "$log"
[ $status -eq 0 ] || exit 1
chained=$(grep -o ' chained=[0-9]*' "$log" | awk -F= '{s += $2} END {print s + 0}')
calls=$(grep -c ' chained=' "$log")
echo "device tasks chained behind a posted predecessor: $chained in $calls calls"
[ "$chained" -gt 0 ]
