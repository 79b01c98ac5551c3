#!/bin/sh
# HETSCAL_DISABLE=1 in the other precisions: Debian's xsqr, xcllt and xzqr
# with hetscal preloaded on 2 ranks must pass with every PSGEQRF, PCPOTRF
# and PZGEQRF call forwarded to the reference ScaLAPACK (the rules' symbol
# of each precision, found with dlsym RTLD_NEXT) and no call of hetscal's
# own (no verbose line).
: "${top_srcdir:=$(dirname "$0")/..}"
dir=$SCALAPACK_TESTS_DIR
[ -f "$dir/QR.dat" ] || dir=/usr/share/scalapack
[ -f "$dir/QR.dat" ] && [ -f "$dir/LLT.dat" ] || { echo "no stock inputs: skipped"; exit 77; }
HETSCAL_DISABLE=1 HETSCAL_EXPECT_VERBOSE=none HETSCAL_XDLLT_EST=F
export HETSCAL_DISABLE HETSCAL_EXPECT_VERBOSE HETSCAL_XDLLT_EST
status=0
for t in "xsqr QR" "xcllt LLT" "xzqr QR"; do
    set -- $t
    sh "$top_srcdir/testing/scalapack/run_xdtester.sh" "$1" 2 "$dir/$2.dat"
    rc=$?
    [ $rc -eq 77 ] && exit 77
    [ $rc -eq 0 ] || status=1
done
exit $status
