#!/bin/sh
# Every task's work (hs_kernel_work) summed over the Cholesky, QR and LU
# task programs against the factorizations' flop counts, on 1 rank.
exec "$LAUNCH" 1 "$top_builddir/testing/t_kernel_work"
