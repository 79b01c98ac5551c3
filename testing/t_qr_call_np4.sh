#!/bin/sh
# hs_qr_call against the reference PDGEQRF on 4 rank(s).
exec "$LAUNCH" 4 "$top_builddir/testing/t_qr_call"
