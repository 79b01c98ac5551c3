#!/bin/sh
# One rank driving both of the CUDA stand-in's GPUs (HETSCAL_DEVICES=cuda,
# the real backend): the PDPOTRF tester on llt_emu.dat and the PDGEQRF
# tester's built-in input, small tiles and fixed GPU panel widths (the
# stand-in's GPUs run on the host's cores: on a loaded host their measured
# rate can leave them no panel).  Every case must pass and both routines
# must run tasks on the GPUs.
: "${top_srcdir:=$(dirname "$0")/..}"
log=$(mktemp "${TMPDIR:-/tmp}/cuda-np1.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=16 HETSCAL_NB_GPU=32 HETSCAL_VERBOSE=1 \
    sh "$top_srcdir/testing/tester/run_llt.sh" 1 "$top_srcdir/testing/data/llt_emu.dat" >"$log" 2>&1
status=$?
grep -v '^hetscal:' "$log"
[ $status -eq 0 ] || exit 1
llt=$(grep -o 'gpu_tasks=[0-9]*' "$log" | awk -F= '{s += $2} END {print s + 0}')
HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=16 sh "$top_srcdir/testing/tester/run_qr.sh" 1 >"$log" 2>&1
status=$?
cat "$log"
[ $status -eq 0 ] || exit 1
qr=$(sed -n 's/.*tasks of pdgeqrf run on GPUs: \([0-9]*\).*/\1/p' "$log" | awk '{s += $1} END {print s + 0}')
echo "tasks run on the GPUs: PDPOTRF $llt, PDGEQRF $qr"
[ "$llt" -gt 0 ] && [ "$qr" -gt 0 ]
