#!/bin/sh
# hs_qr_call against the reference PDGEQRF on 1 rank(s).
exec "$LAUNCH" 1 "$top_builddir/testing/t_qr_call"
