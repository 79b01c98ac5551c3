#!/bin/sh
# hs_qr_call against the reference PDGEQRF, 2 ranks, HETSCAL_DEVICES=cuda on
# the CUDA stand-in (one simulated GPU per rank).
HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=8 exec "$LAUNCH" 2 "$top_builddir/testing/t_qr_call"
