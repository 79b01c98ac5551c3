#!/bin/sh
# The PDGEQRF tester on 2 ranks with 2 emulated GPUs each and
# HETSCAL_URGENT_STREAM=off: every kernel on the compute stream (none on
# the urgent one), the same answers (testing/tester/run_qr_on_devices.sh).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_URGENT_STREAM=off
export HETSCAL_URGENT_STREAM
exec sh "$top_srcdir/testing/tester/run_qr_on_devices.sh" emu:2 "emulated GPUs, one stream"
