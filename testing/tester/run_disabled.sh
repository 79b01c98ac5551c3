#!/bin/sh
# run_disabled.sh ROUTINE PROG: with HETSCAL_DISABLE=1 hetscal forwards
# every call of ROUTINE (pdpotrf, pdgeqrf) to the reference ScaLAPACK; the
# tester testing/PROG must still pass on its built-in input on 4 ranks, and
# hetscal's verbose output must show no call of its own.  Used by
# testing/disable_np4.sh and testing/disable_qr_np4.sh.
routine=$1
. "${top_srcdir:-.}/testing/tester/run_common.sh"
tester_start run_disabled.sh "$2"
HETSCAL_DISABLE=1 HETSCAL_VERBOSE=1 sh "$LAUNCH" 4 "$prog" >"$log" 2>&1
status=$?
calls=$(grep -c "hetscal: $routine" "$log")
result=1
if ! tester_passed "$log" "$status"; then
    cat "$log"
elif [ "$calls" -ne 0 ]; then
    echo "HETSCAL_DISABLE=1 but hetscal ran $calls calls"
else
    echo "1 passed, 0 failed"
    result=0
fi
rm -f "$log"
exit $result
