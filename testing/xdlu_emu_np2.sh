#!/bin/sh
# xdlu_emu_np2.sh: Debian's xdlu on lu_hard.dat, 2 ranks, hetscal preloaded
# with 2 emulated GPUs per rank (LU's tiles stay on the host, but the
# devices are opened for every call): 300 tests, 180 verbose lines, as
# xdlu_hard_np2.sh.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=8 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdlu 2 \
    "$top_srcdir/testing/scalapack/lu_hard.dat" 300 180
