#!/bin/sh
# The P?GEQRF tester in single, complex and double complex on its built-in
# input with 2 emulated GPUs per rank, 2 ranks, narrow panels (as
# testing/tester/run_qr_on_devices.sh): it must pass, every call must reach
# hetscal, and each precision must have run tasks on the emulated GPUs
# (HETSCAL_PREC_DEVICES: other devices, testing/cuda_qr_prec_np2.sh).
: "${top_srcdir:=$(dirname "$0")/..}"
log=$(mktemp "${TMPDIR:-/tmp}/qr-prec-emu.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
# GPU panel forced (16 of each 32-wide column): from measured rates a
# loaded host can find the GPUs (emulated or the stand-in, both host code)
# too slow to give them anything.
HETSCAL_DEVICES=${HETSCAL_PREC_DEVICES:-emu:2} HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=16 \
    sh "$top_srcdir/testing/tester/run_qr.sh" 2 -precision s,c,z > "$log" 2>&1
status=$?
cat "$log"
[ $status -eq 0 ] || exit 1
sh "$top_srcdir/testing/tester/gpu_precisions.sh" "$log" geqrf 3
