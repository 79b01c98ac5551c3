#!/bin/sh
# Debian's xdqr on qr_hard.dat (480 QR tests on 8 grid shapes), 4 ranks,
# hetscal preloaded with 2 emulated GPUs per rank and TSQR on the
# caller's grid forced (HETSCAL_QR_GRID=1; by default with GPUs only on
# large shares from 8 processes): the leaves' ?GEQRF and the updates on
# the GPUs (HETSCAL_PANELS=device), the tree and the reconstruction on
# the host cores, every grid shape with several process rows.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=8 HETSCAL_QR_GRID=1 HETSCAL_PANELS=device \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdqr 4 \
    "$top_srcdir/testing/scalapack/qr_hard.dat" 480
