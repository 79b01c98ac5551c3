#!/bin/sh
# xdtesters_np124.sh: Debian's testers of this build's MPI
# (SCALAPACK_TESTS_DIR: xdllt, xdqr, xdls) with hetscal preloaded, on 1, 2
# and 4 ranks, on ScaLAPACK's own inputs and on our hard ones (odd sizes,
# NB 1, MB != NB for QR, every grid that fits).  Not in the default suite,
# which runs these as separate tests; .ci/run runs it for the second build
# (Open MPI's): make check TESTS=testing/xdtesters_np124.sh.
: "${top_srcdir:?run through make check}"
hard=$top_srcdir/testing/scalapack
stock=$SCALAPACK_TESTS_DIR
log=$(mktemp "${TMPDIR:-/tmp}/hetscal-xdtesters.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
failed=0
for np in 1 2 4; do
    for run in "xdllt $stock/LLT.dat" "xdllt $hard/llt_hard_L.dat" \
               "xdllt $hard/llt_hard_U.dat" "xdqr $stock/QR.dat" \
               "xdqr $hard/qr_hard.dat" "xdls $stock/LS.dat" "xdls $hard/ls_hard.dat"; do
        set -- $run
        HETSCAL_XDLLT_EST=F sh "$hard/run_xdtester.sh" "$1" "$np" "$2" > "$log" 2>&1
        rc=$?
        grep "^run_$1: np=" "$log"
        if [ $rc -ne 0 ]; then
            failed=$((failed + 1)); cat "$log"
        fi
    done
done
echo "xdtesters_np124: $failed failed runs"
[ "$failed" -eq 0 ]
