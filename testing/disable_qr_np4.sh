#!/bin/sh
# HETSCAL_DISABLE=1 forwards every PDGEQRF to the reference ScaLAPACK: the
# QR tester still passes on its built-in input and hetscal reports no call
# of its own.
exec sh "$top_srcdir/testing/tester/run_disabled.sh" pdgeqrf xqr
