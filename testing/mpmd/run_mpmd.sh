#!/bin/sh
# run_mpmd.sh PROGRAM INPUT ENV1 ENV2 ...: runs a ScaLAPACK-style tester
# (testing/xllt or testing/xqr) as one MPI job of one rank per ENV
# argument, each rank with its own environment (an MPMD launch:
# "-n 1 env ENV1 PROGRAM INPUT : -n 1 env ENV2 ..."), the way ranks of a
# real job differ in threads, devices and CPU sets.  An ENV argument is a
# list of VAR=VALUE words, optionally ending in "taskset -c CPUS" (the
# rank's CPU set).  Passes only if every rank exits 0 and the tester
# reports no failed case.  Used by the testing/mpmd_*.sh tests.
prog=$1 input=$2; shift 2
: "${top_srcdir:=.}" "${top_builddir:=.}"
: "${MPIEXEC:=mpiexec.mpich}" "${HETSCAL_TEST_TIMEOUT:=600}"
. "$top_srcdir/testing/mpi_env.sh"
if [ ! -x "$top_builddir/$prog" ]; then
    echo "run_mpmd.sh: $top_builddir/$prog is not built (make check builds it)" >&2
    exit 99
fi
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
# As testing/launch: MPICH's idle polling yields the core (4 ranks, 2 cores).
idle_lib="$top_builddir/testing/.libs/libidlesleep.so"
if [ -f "$idle_lib" ] && [ -z "${HETSCAL_NO_IDLE_SLEEP:-}" ]; then
    LD_PRELOAD="$idle_lib${LD_PRELOAD:+:$LD_PRELOAD}"
    export LD_PRELOAD
fi
# "-n 1 env ENV PROGRAM INPUT" per rank, joined by ":".
set -- "$@" END
first=1
for spec; do
    if [ "$spec" = END ]; then break; fi
    shift
    if [ $first -eq 0 ]; then set -- "$@" ":"; fi
    first=0
    # shellcheck disable=SC2086  # the words of spec are separate on purpose
    set -- "$@" -n 1 env $spec "$top_builddir/$prog" "$input"
done
shift
log=$(mktemp "${TMPDIR:-/tmp}/mpmd.XXXXXX") || exit 99
echo "run_mpmd.sh: $MPIEXEC $*"
timeout -k 10 "$HETSCAL_TEST_TIMEOUT" "$MPIEXEC" "$@" >"$log" 2>&1
status=$?
cat "$log"
if [ "$status" -eq 0 ] && grep -q '^END OF TESTS\.' "$log" &&
   grep -q '^0 tests completed and failed residual checks\.' "$log"; then
    result=0
else
    echo "FAIL: $prog, ranks with different environments (exit status $status)" >&2
    result=1
fi
rm -f "$log"
exit $result
