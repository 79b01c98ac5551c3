#!/bin/sh
# The PDGEQRF tester on 2 ranks with one simulated GPU each
# (HETSCAL_DEVICES=cuda on the CUDA stand-in): GPU tasks and device copies
# must show (testing/tester/run_qr_on_devices.sh).
: "${top_srcdir:=$(dirname "$0")/..}"
exec sh "$top_srcdir/testing/tester/run_qr_on_devices.sh" cuda "the CUDA backend"
