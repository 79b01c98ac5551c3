#!/bin/sh
# Debian's xdqr on qr_hard.dat (480 QR tests on 8 grid shapes), 4 ranks,
# libhetscal.so preloaded with HETSCAL_DEVICES=cuda on the CUDA stand-in:
# the node's 2 simulated GPUs go to local ranks 0 and 1, ranks 2 and 3
# run on their CPUs.
HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=8 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdqr 4 \
    "$top_srcdir/testing/scalapack/qr_hard.dat" 480
