#!/bin/sh
# hs_qr_call against the reference PDGEQRF on 2 rank(s).
exec "$LAUNCH" 2 "$top_builddir/testing/t_qr_call"
