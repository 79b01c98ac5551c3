#!/bin/sh
# run_xdqr.sh NP DATFILE [PASSED [CALLS]]: Debian's ScaLAPACK tester xdqr on
# DATFILE (as QR.dat) with hetscal preloaded.  Fails unless the summary
# shows no failure, at least one passed test (exactly PASSED when given,
# counting every factorization of the file: QR, QL, LQ, RQ, QP, TZ) and
# hetscal's verbose lines prove that it ran the QR factorizations (exactly
# CALLS lines, one per PDGEQRF call and rank, when given).  77 (skip)
# without xdqr.
#   HETSCAL_LIB empty: run the reference alone (to validate a .dat file).
#   HETSCAL_EXPECT_VERBOSE=0: do not require hetscal's verbose lines.
np=$1 dat=$2 want=$3 calls=$4
xdqr=${SCALAPACK_TESTS_DIR:-/usr/lib/x86_64-linux-gnu/scalapack/mpich-tests}/xdqr
: "${LAUNCH:?run through make check, or set LAUNCH=testing/launch}"

if [ ! -x "$xdqr" ]; then
    echo "run_xdqr: $xdqr not found (apt-get install scalapack-mpi-test): skipped"
    exit 77
fi
if [ -n "$HETSCAL_LIB" ] && [ ! -f "$HETSCAL_LIB" ]; then
    echo "run_xdqr: $HETSCAL_LIB not built (static-only build?): skipped"
    exit 77
fi
[ -f "$dat" ] || { echo "run_xdqr: no input $dat"; exit 1; }
if [ -z "$HETSCAL_LIB" ]; then
    HETSCAL_EXPECT_VERBOSE=0
    echo "run_xdqr: HETSCAL_LIB is empty: running the reference ScaLAPACK alone"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-xdqr.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
cp "$dat" "$tmp/QR.dat" || exit 1
cd "$tmp" || exit 1

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
start=$(date +%s)
if [ -n "$HETSCAL_LIB" ]; then
    $LAUNCH "$np" sh -c 'LD_PRELOAD="$0${LD_PRELOAD:+:$LD_PRELOAD}" \
        HETSCAL_VERBOSE=1 exec "$1"' "$preload" "$xdqr" \
        > out.txt 2> err.txt
else
    $LAUNCH "$np" "$xdqr" > out.txt 2> err.txt
fi
rc=$?
end=$(date +%s)

count() { # the number in front of a summary line, or -1 when it is missing
    sed -n "s/^ *\([0-9][0-9]*\) tests $1.*/\1/p" out.txt | tail -n 1 | grep . || echo -1
}
npass=$(count "completed and passed residual checks")
nfail=$(count "completed and failed residual checks")
nnochk=$(count "completed without checking")
nskip=$(count "skipped because of illegal input values")
nverb=$(grep -c "^hetscal: pdgeqrf rank [0-9]*/[0-9]* grid" err.txt)
# the rows of the QR section: those are PDGEQRF's
nqr=$(sed -n '/^QR factorization tests/,/factorization tests\.$/p' out.txt |
      grep -c "^WALL.*PASSED")

bad=""
[ "$rc" -eq 0 ] || bad="$bad; mpiexec exit status $rc"
grep -q "END OF TESTS\." out.txt || bad="$bad; no 'END OF TESTS.'"
[ "$npass" -ge 1 ] || bad="$bad; no passed test"
[ "$nfail" -le 0 ] || bad="$bad; $nfail failed residual checks"
[ "$nnochk" -le 0 ] || bad="$bad; $nnochk tests not checked"
[ -z "$want" ] || [ "$npass" -eq "$want" ] || \
    bad="$bad; $npass passed tests where $want were expected"
if grep -q "FAILED" out.txt; then bad="$bad; a FAILED line"; fi
if grep -q "INFO=" out.txt; then bad="$bad; a routine returned INFO != 0"; fi
if grep -q "illegal value" out.txt; then bad="$bad; PXERBLA: an illegal argument"; fi
if grep -qi "overwrite" out.txt err.txt; then bad="$bad; memory overwrite (guard zones)"; fi
if [ "$HETSCAL_EXPECT_VERBOSE" != 0 ] && [ "$nverb" -lt 1 ]; then
    bad="$bad; no 'hetscal: pdgeqrf' line on stderr (hetscal did not run)"
elif [ "$HETSCAL_EXPECT_VERBOSE" != 0 ] && [ -n "$calls" ] && \
     [ "$nverb" -ne "$calls" ]; then
    bad="$bad; $nverb 'hetscal: pdgeqrf' lines where $calls were expected"
fi

echo "run_xdqr: np=$np $(basename "$dat"): $npass passed ($nqr QR rows), $nfail failed," \
     "$nskip skipped, $nverb hetscal verbose lines, $((end - start)) s"
if [ -n "$bad" ]; then
    echo "run_xdqr: FAILED${bad}"
    echo "---- xdqr standard output ----"; cat out.txt
    echo "---- standard error (last 60 lines) ----"; tail -n 60 err.txt
    exit 1
fi
grep "tests \|END OF" out.txt
echo "run_xdqr: PASSED"
exit 0
