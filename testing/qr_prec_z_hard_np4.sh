#!/bin/sh
# The P?GEQRF tester in one precision, PZGEQRF (-precision z), on
# testing/data/qr_hard.dat, 4 MPI ranks, tile blocks poisoned with NaNs as
# in testing/qr_hard_np4.sh; every call must reach hetscal (single and
# complex take hard inputs in Debian's testers, testing/qr.mk).
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_POISON_MEMORY=1; export HETSCAL_POISON_MEMORY
exec sh "$top_srcdir/testing/tester/run_qr.sh" 4 -precision z \
    "$top_srcdir/testing/data/qr_hard.dat"
