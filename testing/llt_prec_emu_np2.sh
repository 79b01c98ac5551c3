#!/bin/sh
# The P?POTRF tester in single, complex and double complex on
# testing/data/llt_hard.dat with 2 emulated GPUs per rank, 2 ranks, small
# tiles and poisoned tile blocks (as testing/llt_emu_np2.sh): it must
# pass, every call must reach hetscal, and each precision must have run
# tasks on the emulated GPUs (HETSCAL_PREC_DEVICES: other devices,
# testing/cuda_llt_prec_np2.sh).
: "${top_srcdir:=$(dirname "$0")/..}"
log=$(mktemp "${TMPDIR:-/tmp}/llt-prec-emu.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
# GPU panel forced (32 of each 64-wide column): from measured rates a
# loaded host can find the GPUs (emulated or the stand-in, both host code)
# too slow to give them anything.
HETSCAL_DEVICES=${HETSCAL_PREC_DEVICES:-emu:2} HETSCAL_NB_SMALL=16 HETSCAL_NB_GPU=32 HETSCAL_POISON_MEMORY=1 \
LLT_COUNT_CALLS=1 sh "$top_srcdir/testing/tester/run_llt.sh" 2 \
    -precision s,c,z "$top_srcdir/testing/data/llt_hard.dat" > "$log" 2>&1
status=$?
cat "$log"
[ $status -eq 0 ] || exit 1
sh "$top_srcdir/testing/tester/gpu_precisions.sh" "$log" potrf 3
