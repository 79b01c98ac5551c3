#!/bin/sh
# run_xdtester.sh TESTER NP DATFILE [PASSED [CALLS]]: Debian's ScaLAPACK
# tester TESTER on DATFILE with hetscal preloaded.  TESTER is x?llt, x?qr,
# x?ls or x?lu, ? the precision (s, d, c, z); all four precisions read the
# same input file name:
#   x?llt: P?POTRF, input LLT.dat;
#   x?qr:  P?GEQRF, input QR.dat;
#   x?lu:  P?GETRF (solves by P?GETRS, and with the file's last line T
#          P?GECON and P?GERFS on our factor), input LU.dat;
#   x?ls:  P?GELS, whose least-squares and minimum-norm solves call P?GEQRF
#          or P?GELQF, input LS.dat;
#   x?inv: P?GETRI on P?GETRF's factor (the file's 'GEN' matrices), input
#          INV.dat; its triangular ('UTR', 'LTR') and positive definite
#          ('UPD', 'LPD': P?POTRF, hetscal's too, then P?POTRI) matrices
#          run as well, and its rows read PASSED, FAILED or SINGUL.
# The precisions' outputs differ only in their title line and eps: each
# scales its residuals by its own eps and compares them with the file's
# threshold.  Fails unless the summary shows no failure, at least one
# passed test (exactly PASSED when given; for x?qr counting every
# factorization of the file: QR, QL, LQ, RQ, QP, TZ; for x?inv every
# matrix type) and hetscal's verbose
# lines for the routine (its lower-case name: pspotrf, pzgeqrf, ...) prove
# it ran (exactly CALLS lines, one per call of the routine and rank, when
# given).  77 (skip) without TESTER.
#   HETSCAL_LIB empty: run the reference alone (to validate a .dat file).
#   HETSCAL_EXPECT_VERBOSE=0: do not require hetscal's verbose lines;
#   =none: require that there is none (HETSCAL_DISABLE forwarded every call).
#   HETSCAL_EXPECT_GPU_TASKS=1: require tasks run on GPUs (the device
#   lines' gpu_tasks=, summed over calls and ranks);
#   HETSCAL_EXPECT_FORWARDED=1: require a call in which a rank sent on
#   tile copies it had received (forwarded=N > 0 in its verbose line);
#   HETSCAL_EXPECT_LAYOUT=L: require a call of layout L (layout=L in its
#   verbose lines).
#   HETSCAL_XDLLT_EST=T|F (x?llt, every precision): override the file's
#   last line (condition estimation and iterative refinement); F avoids the
#   reference P?PORFS, whose P?LACON deadlocks on several processes in
#   ScaLAPACK 2.2.1.
#   HETSCAL_XDLU_EST=T|F (x?lu): the same for P?GECON and P?GERFS; F avoids
#   the reference P?GERFS, whose P?LACON the processes leave at different
#   steps on the grids 1x3, 1x4 and 2x2 (ScaLAPACK 2.2.1, the reference
#   alone: lu_hard.dat deadlocks, or P?GETRS reports 'parameter number 1',
#   TRANS, differing between processes).  With T, x?lu also fails on a
#   residual line that the tester prints without counting a failure: the
#   solve's after P?GERFS (||Ax-b||...) above the threshold.
tester=$1 np=$2 dat=$3 want=$4 calls=$5
case $tester in
x[sdcz]llt) kind=llt input=LLT.dat op=potrf ;;
x[sdcz]qr)  kind=qr  input=QR.dat  op=geqrf ;;
x[sdcz]ls)  kind=ls  input=LS.dat  op=geqrf ;;
x[sdcz]lu)  kind=lu  input=LU.dat  op=getrf ;;
x[sdcz]inv) kind=inv input=INV.dat op=getrf ;;
*)          echo "run_xdtester: unknown tester '$tester'"; exit 1 ;;
esac
prec=${tester#x}; prec=${prec%"$kind"}
routine=p$prec$op
verbose="^hetscal: $routine rank [0-9]*/[0-9]* grid"
me=run_$tester
exe=${SCALAPACK_TESTS_DIR:-/usr/lib/x86_64-linux-gnu/scalapack/mpich-tests}/$tester
: "${LAUNCH:?run through make check, or set LAUNCH=testing/launch}"

if [ ! -x "$exe" ]; then
    echo "$me: $exe not found (apt-get install scalapack-mpi-test): skipped"
    exit 77
fi
if [ -n "$HETSCAL_LIB" ] && [ ! -f "$HETSCAL_LIB" ]; then
    echo "$me: $HETSCAL_LIB not built (static-only build?): skipped"
    exit 77
fi
[ -f "$dat" ] || { echo "$me: no input $dat"; exit 1; }
if [ -z "$HETSCAL_LIB" ]; then
    HETSCAL_EXPECT_VERBOSE=0
    echo "$me: HETSCAL_LIB is empty: running the reference ScaLAPACK alone"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-$tester.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
cp "$dat" "$tmp/$input" || exit 1
cd "$tmp" || exit 1
case $kind in
llt) est=$HETSCAL_XDLLT_EST ;;
lu)  est=$HETSCAL_XDLU_EST ;;
*)   est= ;;
esac
if [ -n "$est" ]; then
    sed "s/^[TtFf]\([[:space:]].*(T or F)\)/$est\1/" "$dat" > "$input" || exit 1
    grep -q "^$est[[:space:]].*(T or F)" "$input" || {
        echo "$me: cannot set the (T or F) line of $dat"; exit 1; }
fi

# hetscal is preloaded in each rank (not in mpiexec and its proxies), in
# front of whatever the launcher preloads there; a sanitizer build needs its
# runtime first.
preload=$HETSCAL_LIB
if [ -n "$HETSCAL_LIB" ]; then
    asan=$(ldd "$HETSCAL_LIB" 2> /dev/null | awk '/libasan/ { print $3 }')
    if [ -n "$asan" ]; then
        preload="$asan:$preload"
        ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
        export ASAN_OPTIONS
    fi
fi
run_tester() {
    if [ -n "$HETSCAL_LIB" ]; then
        $LAUNCH "$np" sh -c 'LD_PRELOAD="$0${LD_PRELOAD:+:$LD_PRELOAD}" \
            HETSCAL_VERBOSE=1 exec "$1"' "$preload" "$exe" \
            > out.txt 2> err.txt
    else
        $LAUNCH "$np" "$exe" > out.txt 2> err.txt
    fi
}
start=$(date +%s)
run_tester
rc=$?
# Open MPI 4's mpiexec now and then reports a rank that finished normally
# as "with PID 0 ... exiting improperly" (its exit sync races:
# open-mpi/ompi issues 7833 and 9389; seen here once in about 100 runs on
# a loaded 2-core machine, the tester's output complete).  That is the
# launcher's failure, not the ranks': run once more.  A real failure
# fails again.
if [ "$rc" -ne 0 ] && grep -q "END OF TESTS\." out.txt && grep -q "with PID 0 on" err.txt \
   && grep -q "exiting improperly" err.txt; then
    echo "run_$tester: mpiexec reported Open MPI's exit-sync race (exit status $rc); run again"
    run_tester
    rc=$?
fi
end=$(date +%s)

count() { # the number in front of a summary line, or -1 when it is missing
    sed -n "s/^ *\([0-9][0-9]*\) tests $1.*/\1/p" out.txt | tail -n 1 | grep . || echo -1
}
npass=$(count "completed and passed residual checks")
nfail=$(count "completed and failed residual checks")
nnochk=$(count "completed without checking")
nskip=$(count "skipped because of illegal input values")
nverb=$(grep -c "$verbose" err.txt)
if [ "$kind" = qr ]; then
    # the rows of the QR section: those are PxGEQRF's
    nqr=$(sed -n '/^QR factorization tests/,/factorization tests\.$/p' out.txt |
          grep -c "^WALL.*PASSED")
    passed="$npass passed ($nqr QR rows)" rows=""
elif [ "$kind" = inv ]; then
    # the rows of the general matrices' section: P?GETRF then P?GETRI
    ngen=$(sed -n '/^A is a general matrix\./,/^A is an* [lsu]/p' out.txt |
           grep -c "^WALL.*PASSED")
    npotrf=$(grep -c "^hetscal: p${prec}potrf rank [0-9]*/[0-9]* grid" err.txt)
    passed="$npass passed ($ngen GEN rows)"
    rows=" $(grep -c "^WALL" out.txt) result rows, $npotrf p${prec}potrf lines,"
else
    passed="$npass passed" rows=" $(grep -c "^WALL" out.txt) result rows,"
fi

bad=""
[ "$rc" -eq 0 ] || bad="$bad; mpiexec exit status $rc"
grep -q "END OF TESTS\." out.txt || bad="$bad; no 'END OF TESTS.'"
[ "$npass" -ge 1 ] || bad="$bad; no passed test"
[ "$nfail" -le 0 ] || bad="$bad; $nfail failed residual checks"
[ "$nnochk" -le 0 ] || bad="$bad; $nnochk tests not checked"
[ -z "$want" ] || [ "$npass" -eq "$want" ] || \
    bad="$bad; $npass passed tests where $want were expected"
if grep -q "FAILED" out.txt; then bad="$bad; a FAILED line"; fi
if grep -q "SINGUL" out.txt; then bad="$bad; a SINGUL line (INFO > 0)"; fi
if [ "$kind" = lu ] && grep -q "^||" out.txt; then
    bad="$bad; a residual above the threshold (||...|| line)"
fi
if grep -q "INFO=" out.txt; then bad="$bad; a routine returned INFO != 0"; fi
if grep -qi "overwrite" out.txt err.txt; then bad="$bad; memory overwrite (guard zones)"; fi
if [ "$kind" != llt ] && grep -q "illegal value" out.txt; then
    bad="$bad; PXERBLA: an illegal argument"
fi
if [ "$HETSCAL_EXPECT_VERBOSE" = none ]; then
    [ "$nverb" -eq 0 ] || \
        bad="$bad; $nverb 'hetscal: $routine' lines where every call was forwarded"
elif [ "$HETSCAL_EXPECT_VERBOSE" != 0 ] && [ "$nverb" -lt 1 ]; then
    bad="$bad; no 'hetscal: $routine' line on stderr (hetscal did not run)"
elif [ "$HETSCAL_EXPECT_VERBOSE" != 0 ] && [ -n "$calls" ] && \
     [ "$nverb" -ne "$calls" ]; then
    bad="$bad; $nverb 'hetscal: $routine' lines where $calls were expected"
fi
nfwd=$(grep "$verbose" err.txt | grep -c " forwarded=[1-9]")
if [ "${HETSCAL_EXPECT_FORWARDED:-0}" = 1 ] && [ "$nfwd" -eq 0 ]; then
    bad="$bad; no rank forwarded a tile copy in any call"
fi
nreord=$(grep "$verbose" err.txt | grep -c " reordered=[1-9]")
if [ -n "${HETSCAL_EXPECT_LAYOUT:-}" ] && \
   ! grep "$verbose" err.txt | grep -q " layout=$HETSCAL_EXPECT_LAYOUT "; then
    bad="$bad; no call of layout $HETSCAL_EXPECT_LAYOUT"
fi
ngpu=$(grep "^hetscal: rank [0-9]* in $routine: " err.txt | sed -n 's/.* gpu_tasks=\([0-9]*\).*/\1/p' |
       awk '{ s += $1 } END { print s + 0 }')
if [ "${HETSCAL_EXPECT_GPU_TASKS:-0}" = 1 ] && [ "$ngpu" -eq 0 ]; then
    bad="$bad; no task ran on a GPU"
fi

echo "$me: np=$np $(basename "$dat"): $passed, $nfail failed," \
     "$nskip skipped,$rows $nverb hetscal verbose lines ($nfwd forwarding, $nreord reordered," \
     "$ngpu GPU tasks), $((end - start)) s"
if [ -n "$bad" ]; then
    echo "$me: FAILED${bad}"
    echo "---- $tester standard output ----"; cat out.txt
    echo "---- standard error (last 60 lines) ----"; tail -n 60 err.txt
    exit 1
fi
grep "tests \|END OF" out.txt
echo "$me: PASSED"
exit 0
