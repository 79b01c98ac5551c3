#!/bin/sh
# xdlu_emu_np2.sh: Debian's xdlu on lu_hard.dat, 2 ranks, hetscal preloaded
# with 2 emulated GPUs per rank and a forced GPU share of the columns
# (their trailing updates run on the GPUs), tile memory poisoned: 300
# tests, 180 verbose lines, as xdlu_hard_np2.sh.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=24 HETSCAL_POISON_MEMORY=1 \
    exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdlu 2 \
    "$top_srcdir/testing/scalapack/lu_hard.dat" 300 180
