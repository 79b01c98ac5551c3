#!/bin/sh
# HETSCAL_DISABLE=1 for P?GETRF: Debian's xdlu, xslu, xclu and xzlu on
# testing/scalapack/lu_forward.dat (two small cases on a 1 x 1 and a 2 x 2
# grid: the forwarding does not depend on the case, and ScaLAPACK's own
# LU.dat, which the x?lu_stock tests run through hetscal, takes the
# reference a minute in the four precisions) with hetscal preloaded on 4
# ranks must pass with every P?GETRF call forwarded to the reference
# ScaLAPACK (the rules' symbol of each precision, found with dlsym
# RTLD_NEXT) and no call of hetscal's own (no verbose line; 4 passed
# tests each).  A control run of
# xdlu without HETSCAL_DISABLE must fail the same check (hetscal's
# pdgetrf lines appear), so that the check is known to see them.
: "${top_srcdir:=$(dirname "$0")/..}"
input=$top_srcdir/testing/scalapack/lu_forward.dat
run=$top_srcdir/testing/scalapack/run_xdtester.sh
HETSCAL_EXPECT_VERBOSE=none
export HETSCAL_EXPECT_VERBOSE
status=0
for t in xdlu xslu xclu xzlu; do
    HETSCAL_DISABLE=1 sh "$run" "$t" 4 "$input" 4
    rc=$?
    [ $rc -eq 77 ] && exit 77
    [ $rc -eq 0 ] || status=1
done
[ -n "$HETSCAL_LIB" ] || exit $status
echo "disable_lu_np4: control run, xdlu without HETSCAL_DISABLE (must fail)"
out=$(unset HETSCAL_DISABLE; sh "$run" xdlu 4 "$input" 4 2>&1)
rc=$?
echo "$out" | grep "^run_xdlu:"
if [ $rc -eq 0 ]; then
    echo "disable_lu_np4: FAILED: without HETSCAL_DISABLE the check saw no" \
         "hetscal pdgetrf line"
    status=1
elif ! echo "$out" | grep -q "'hetscal: pdgetrf' lines where every call was forwarded"; then
    echo "disable_lu_np4: FAILED: the control run failed for another reason"
    echo "$out"
    status=1
fi
exit $status
