#!/bin/sh
# xdqr_emu_np4.sh (Debian's xdqr on qr_hard.dat, 4 ranks, 2 emulated
# GPUs a rank) with TSQR on the caller's grid forced (HETSCAL_QR_GRID=1;
# by default with GPUs only on larger grids or shares): the leaves'
# ?GEQRF and the updates on the GPUs (HETSCAL_PANELS=device), the tree
# and the reconstruction on the host cores, every grid shape with several
# process rows.
: "${top_srcdir:=$(dirname "$0")/..}"
export top_srcdir
HETSCAL_QR_GRID=1 HETSCAL_PANELS=device
export HETSCAL_QR_GRID HETSCAL_PANELS
exec sh "$top_srcdir/testing/xdqr_emu_np4.sh"
