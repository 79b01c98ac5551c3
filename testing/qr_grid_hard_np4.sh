#!/bin/sh
# The P?GEQRF tester on testing/data/qr_hard.dat, 4 ranks, every
# precision, with the caller's-grid layout forced (HETSCAL_QR_GRID=1: the
# default takes it only for shares above 64 MiB) in 4 x 4 tiles, so that
# each panel gathers many tiles from several process rows, buffers serve
# several panels, and partial sums cross the process rows; tile blocks
# start as NaNs (HETSCAL_POISON_MEMORY).
: "${top_srcdir:=$(dirname "$0")/..}"
# Four precisions of some 600 k tasks a call in one run: about 600 s on
# the slower 2-core hosts, past testing/launch's default limit.
HETSCAL_QR_GRID=1 HETSCAL_NB_SMALL=4 HETSCAL_POISON_MEMORY=1
: "${HETSCAL_TEST_TIMEOUT:=1500}"
export HETSCAL_QR_GRID HETSCAL_NB_SMALL HETSCAL_POISON_MEMORY HETSCAL_TEST_TIMEOUT
exec sh "$top_srcdir/testing/tester/run_qr.sh" 4 -precision s,d,c,z \
    "$top_srcdir/testing/data/qr_hard.dat"
