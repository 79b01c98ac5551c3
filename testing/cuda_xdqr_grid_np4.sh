#!/bin/sh
# cuda_xdqr_np4.sh (Debian's xdqr on qr_hard.dat, 4 ranks, the CUDA
# stand-in, GPUs on local ranks 0 and 1, tiles sent from and to their
# memory) with TSQR on the caller's grid forced (HETSCAL_QR_GRID=1):
# the leaves factored by cusolverDn?geqrf (HETSCAL_PANELS=device) and
# the updates on the GPUs through the CUDA backend, the tree and the
# reconstruction on the host cores.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_QR_GRID=1 HETSCAL_PANELS=device
export HETSCAL_QR_GRID HETSCAL_PANELS
exec sh "$top_srcdir/testing/cuda_xdqr_np4.sh"
