#!/bin/sh
# The PDGEQRF tester on 2 ranks with 2 emulated GPUs each: GPU tasks and
# device copies must show (testing/tester/run_qr_on_devices.sh).
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/tester/run_qr_on_devices.sh" emu:2 "emulated GPUs"
