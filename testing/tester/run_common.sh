# Sourced by testing/llt/run_llt.sh and testing/qr/run_qr.sh, after
# np=$1; shift: the launcher, the tester program and its log, and the
# verdict on a run that every ScaLAPACK-style tester shares.
: "${top_srcdir:=.}" "${top_builddir:=.}"
: "${LAUNCH:=$top_srcdir/testing/launch}"

# tester_start SCRIPT PROG: sets prog to testing/PROG and log to a new
# temporary file; exits 99 when PROG is not built or no file can be made.
tester_start() {
    prog=$top_builddir/testing/$2
    if [ ! -x "$prog" ]; then
        echo "$1: $prog is not built (make check builds it)" >&2
        exit 99
    fi
    log=$(mktemp "${TMPDIR:-/tmp}/$2.XXXXXX") || exit 99
}

# tester_passed LOG STATUS: whether the run passed: every rank exited 0
# (STATUS), the tests ended and the summary reports no failed case.
tester_passed() {
    [ "$2" -eq 0 ] && grep -q '^END OF TESTS\.' "$1" &&
        grep -q '^0 tests completed and failed residual checks\.' "$1"
}
