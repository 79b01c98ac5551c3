#!/bin/sh
# xdllt_np8.sh: Debian's xdllt on llt_np8.dat, 8 ranks (grids 2x4, 4x2, 1x8, 8x1), hetscal
# preloaded with its defaults: above 4 ranks P?POTRF's tile copies are
# forwarded along chains (runtime/dist.h), and some rank of some call must
# have forwarded one.  48 tests, one verbose line per call and rank: 384.
HETSCAL_EXPECT_FORWARDED=1 HETSCAL_POISON_MEMORY=1
export HETSCAL_EXPECT_FORWARDED HETSCAL_POISON_MEMORY
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdllt 8 \
    "$top_srcdir/testing/scalapack/llt_np8.dat" 48 384
