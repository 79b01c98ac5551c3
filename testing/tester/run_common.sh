# Sourced by testing/llt/run_llt.sh, testing/qr/run_qr.sh and
# testing/lu/run_lu.sh, after
# np=$1; shift: the launcher, the tester program and its log, the verdict
# on a run that every ScaLAPACK-style tester shares, and what hetscal's
# verbose lines say of each precision's calls.
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

# tester_compare_calls ROUTINE ERR SCRIPT: reads "LETTER COUNT" lines (the
# calls of P<LETTER>ROUTINE the tester made with nonempty matrices, summed
# over the processes) and compares each COUNT with hetscal's verbose lines
# "hetscal: p<letter>routine rank ..." in ERR, one line printed per
# precision (SCRIPT names the caller); returns 1 when one differs: a call
# that did not reach hetscal.
tester_compare_calls() {
    _rc=0
    while read -r _l _count; do
        [ -n "$_l" ] || continue
        _nverb=$(grep -c "^hetscal: p${_l}$1 rank [0-9]*/[0-9]* grid" "$2")
        echo "$3: $_nverb 'hetscal: p${_l}$1' verbose lines, $_count calls expected"
        [ "$_nverb" = "$_count" ] || _rc=1
    done
    return $_rc
}

# tester_gpu_tasks ROUTINE ERR SCRIPT: reads "LETTER ..." lines and
# prints, for each, the tasks run on GPUs in the calls of p<letter>ROUTINE
# that hetscal's verbose lines in ERR report, summed: "SCRIPT: tasks of
# p<letter>ROUTINE run on GPUs: N".
tester_gpu_tasks() {
    while read -r _l _rest; do
        [ -n "$_l" ] || continue
        _n=$(grep " in p${_l}$1: devices:" "$2" | grep -o 'gpu_tasks=[0-9]*' |
             awk -F= '{s += $2} END {print s + 0}')
        echo "$3: tasks of p${_l}$1 run on GPUs: $_n"
    done
}
