#!/bin/sh
# xdqr_np8.sh: Debian's xdqr on qr_np8.dat, 8 ranks (grids 1x8, 2x4, 4x2, 8x1), hetscal
# preloaded: above 4 ranks tile copies are forwarded along trees
# (runtime/dist.h), and some rank of some call must have forwarded one;
# each rank's sends go one at a time in priority order
# (HETSCAL_SEND_WINDOW=1, runtime/send_window.h; whether some leave before
# older ones depends on when messages complete: the summary line counts
# them, and testing/t_send_window checks the order).  48 tests, one
# verbose line per call and rank: 384.
HETSCAL_EXPECT_FORWARDED=1 HETSCAL_POISON_MEMORY=1 HETSCAL_SEND_WINDOW=1
export HETSCAL_EXPECT_FORWARDED HETSCAL_POISON_MEMORY HETSCAL_SEND_WINDOW
exec sh "$top_srcdir/testing/scalapack/run_xdtester.sh" xdqr 8 \
    "$top_srcdir/testing/scalapack/qr_np8.dat" 48 384
