#!/bin/sh
# run_lu_on_devices.sh DEVICES: the P?GETRF tester (its built-in input:
# shapes, offsets, singular cases, IPIV against the reference) in the four
# precisions on 2 ranks with HETSCAL_DEVICES=DEVICES, narrow columns and a
# forced GPU share of each top-level column (HETSCAL_NB_GPU), tile memory
# poisoned: every precision must pass and run tasks on the GPUs (its
# columns' interchanges, TRSM and GEMM).
: "${top_srcdir:=$(dirname "$0")/../..}"
log=$(mktemp "${TMPDIR:-/tmp}/lu-devices.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
HETSCAL_DEVICES=$1 HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=24 HETSCAL_POISON_MEMORY=1 \
    sh "$top_srcdir/testing/tester/run_lu.sh" 2 -precision s,d,c,z > "$log" 2>&1
status=$?
cat "$log"
[ $status -eq 0 ] || exit 1
sh "$top_srcdir/testing/tester/gpu_precisions.sh" "$log" getrf 4 "$1"
