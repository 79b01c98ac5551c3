#!/bin/sh
# hs_qr_call against the reference PDGEQRF, 2 ranks with 2 emulated GPUs.
HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=8 exec "$LAUNCH" 2 "$top_builddir/testing/t_qr_call"
