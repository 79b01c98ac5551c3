#!/bin/sh
# HETSCAL_DISABLE=1 forwards every PDGEQRF to the reference ScaLAPACK: the
# QR tester still passes on its built-in input and hetscal reports no call
# of its own.
set -eu
out=$(HETSCAL_DISABLE=1 HETSCAL_VERBOSE=1 "$LAUNCH" 4 "$top_builddir/testing/xqr" 2>&1) ||
    { echo "$out"; exit 1; }
calls=$(echo "$out" | grep -c "hetscal: pdgeqrf" || true)
if [ "$calls" -ne 0 ]; then
    echo "HETSCAL_DISABLE=1 but hetscal ran $calls calls"
    exit 1
fi
echo "$out" | grep -q "^0 tests completed and failed residual checks\." || { echo "$out"; exit 1; }
echo "$out" | grep -q "END OF TESTS." || { echo "$out"; exit 1; }
echo "1 passed, 0 failed"
