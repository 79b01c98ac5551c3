#!/bin/sh
# xdtesters_np124.sh: Debian's testers of this build's MPI
# (SCALAPACK_TESTS_DIR: x?llt, x?qr, x?ls for the precisions s, d, c, z,
# or those in HETSCAL_PRECISIONS, and xdlu) with hetscal preloaded, on 1, 2
# and 4 ranks (a precision given as P:R1,R2 in HETSCAL_PRECISIONS: on
# those numbers of ranks), on ScaLAPACK's own inputs and on our hard ones
# (odd sizes, NB 1, MB != NB for QR, every grid that fits).  x?llt runs
# without condition estimation (the reference P?PORFS can deadlock); xdlu
# keeps LU.dat's T (the reference PDGECON and PDGERFS on our factor) but
# runs lu_hard.dat with F on 4 ranks (the reference PDGERFS can deadlock
# on its 1x3, 1x4 and 2x2 grids).  Not in the default suite, which runs
# these as separate tests; .ci/run runs its halves (xdtesters_ds_np124.sh,
# xdtesters_zc_np124.sh) for the second build (Open MPI's).
: "${top_srcdir:?run through make check}"
hard=$top_srcdir/testing/scalapack
stock=$SCALAPACK_TESTS_DIR
log=$(mktemp "${TMPDIR:-/tmp}/hetscal-xdtesters.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
failed=0 runs=0
for spec in ${HETSCAL_PRECISIONS:-s d c z}; do
    p=${spec%%:*} ranks="1 2 4"
    case $spec in *:*) ranks=$(echo "${spec#*:}" | tr , ' ') ;; esac
    case $p in
    s|d|c|z) ;;
    *) echo "xdtesters_np124: unknown precision '$p' in HETSCAL_PRECISIONS"; exit 99 ;;
    esac
    for np in $ranks; do
        for run in "llt $stock/LLT.dat" "llt $hard/llt_hard_L.dat" \
                   "llt $hard/llt_hard_U.dat" "qr $stock/QR.dat" \
                   "qr $hard/qr_hard.dat" "ls $stock/LS.dat" "ls $hard/ls_hard.dat" \
                   "lu $stock/LU.dat" "lu $hard/lu_hard.dat"; do
            set -- $run
            [ "$1" = lu ] && [ "$p" != d ] && continue
            lu_est=
            [ "$np" -eq 4 ] && [ "$2" = "$hard/lu_hard.dat" ] && lu_est=F
            HETSCAL_XDLLT_EST=F HETSCAL_XDLU_EST=$lu_est \
                sh "$hard/run_xdtester.sh" "x$p$1" "$np" "$2" > "$log" 2>&1
            rc=$?
            runs=$((runs + 1))
            grep "^run_x$p$1: \(np=\|mpiexec reported\)" "$log"
            if [ $rc -ne 0 ]; then
                failed=$((failed + 1)); cat "$log"
            fi
        done
    done
done
echo "xdtesters_np124: $failed failed runs of $runs"
[ "$failed" -eq 0 ]
