# Sourced by testing/tester/run_llt.sh, testing/tester/run_qr.sh and
# testing/tester/run_lu.sh, after
# np=$1; shift: the launcher, the tester program and its log, the run with
# hetscal's verbose lines apart, the verdict on a run that every
# ScaLAPACK-style tester shares, and what hetscal's verbose lines say of
# each precision's calls.
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

# tester_run_verbose NP ARGS...: runs $prog ARGS on NP ranks with
# HETSCAL_VERBOSE=1, its standard output into $log, its standard error
# (the verbose lines) into a new temporary file $err; sets status to the
# run's exit status and prints the log.  Exits 99 when no file can be made.
tester_run_verbose() {
    err=$(mktemp "${TMPDIR:-/tmp}/${prog##*/}-err.XXXXXX") || exit 99
    _np=$1; shift
    HETSCAL_VERBOSE=1 sh "$LAUNCH" "$_np" "$prog" "$@" >"$log" 2>"$err"
    status=$?
    cat "$log"
}

# tester_passed LOG STATUS: whether the run passed: every rank exited 0
# (STATUS), the tests ended and the summary reports no failed case.
tester_passed() {
    [ "$2" -eq 0 ] && grep -q '^END OF TESTS\.' "$1" &&
        grep -q '^0 tests completed and failed residual checks\.' "$1"
}

# tester_show_err ERR: the end of a failed run's standard error in ERR
# without hetscal's verbose call lines: the ranks' reports, and a
# crashed rank's backtrace where UCX prints one.
tester_show_err() {
    echo "---- standard error (last 60 lines, verbose call lines left out) ----"
    grep -v "^hetscal: p" "$1" | tail -n 60
}

# tester_run_failed WHAT: after a run of $prog ($log, $err, $status), 0
# when it did not pass (tester_passed), its failed lines, a FAIL line
# naming WHAT and its standard error shown; 1 when it passed.
tester_run_failed() {
    tester_passed "$log" "$status" && return 1
    grep "FAILED" "$log" | head -n 20
    echo "FAIL: $1 on 4 ranks (exit status $status)"
    tester_show_err "$err"
    return 0
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

# tester_summary_calls ROUTINE: the "LETTER COUNT" lines of the tester's
# summary lines "P?ROUTINE calls with M, N > 0 ...: COUNT" in $log
# (ROUTINE in capitals: GETRF), one per precision.
tester_summary_calls() {
    sed -n "s/^P\(.\)$1 calls with M, N > 0.*: \([0-9][0-9]*\)\$/\1 \2/p" "$log" |
        tr SDCZ sdcz
}

# tester_check_calls ROUTINE SCRIPT CALLS: compares CALLS ("LETTER COUNT"
# lines, the calls of p<letter>ROUTINE the tester made) with hetscal's
# verbose lines in $err (tester_compare_calls) and, with HETSCAL_DEVICES
# set, prints each precision's tasks run on GPUs (tester_gpu_tasks); sets
# calls_ok to 0 when every count matched, 1 when one did not or CALLS is
# empty (no precision's summary), or when HETSCAL_EXPECT_LAYOUT names a
# layout that no call's verbose lines report (layout=NAME).
tester_check_calls() {
    echo "$3" | tester_compare_calls "$1" "$err" "$2"
    calls_ok=$?
    [ -n "$3" ] || calls_ok=1 # no precision's summary
    if [ -n "${HETSCAL_DEVICES:-}" ]; then
        echo "$3" | tester_gpu_tasks "$1" "$err" "$2"
    fi
    if [ -n "${HETSCAL_EXPECT_LAYOUT:-}" ]; then
        _n=$(grep -c " layout=$HETSCAL_EXPECT_LAYOUT " "$err")
        echo "$2: verbose lines of layout $HETSCAL_EXPECT_LAYOUT: $_n"
        [ "$_n" -gt 0 ] || calls_ok=1
    fi
}

# tester_finish PROG NP ROUTINE CHECK_CALLS: the verdict on the run of
# PROG on NP ranks: it fails when it did not pass (tester_passed on $log
# and $status), or when CHECK_CALLS is 1 and calls_ok is not 0 (P?ROUTINE
# names the calls in the message).  On failure prints the end of $err
# when there is one (tester_show_err); appends $err to
# TESTER_VERBOSE_LOG when that names a file (a caller that reads the
# verbose lines' counters); removes $log and $err and exits 0 or 1.
tester_finish() {
    if [ -n "${TESTER_VERBOSE_LOG:-}" ] && [ -n "$err" ]; then
        cat "$err" >>"$TESTER_VERBOSE_LOG"
    fi
    result=0
    if ! tester_passed "$log" "$status"; then
        echo "FAIL: $1 on $2 ranks (exit status $status; see the FAILED rows above)" >&2
        result=1
    elif [ "$4" = 1 ] && [ "$calls_ok" -ne 0 ]; then
        echo "FAIL: $1 on $2 ranks: fewer or more hetscal verbose lines than P?$3 calls made (not every call reached hetscal)" >&2
        result=1
    fi
    if [ "$result" -ne 0 ] && [ -n "$err" ]; then
        tester_show_err "$err"
    fi
    rm -f "$log" ${err:+"$err"}
    exit $result
}

# tester_input_parts FILE PARTS: FILE when PARTS is empty; else a new
# temporary file (removed by the caller) holding only the parts of FILE
# numbered in PARTS ("1 2 4"), each part starting at its title line
# "'NAME k/n: ...'".  For runs that take the parts of an input
# that hold its shapes at small sizes (CI's ASan stage, where the large
# parts cost most).
tester_input_parts() {
    if [ -z "$2" ]; then
        echo "$1"
        return
    fi
    _parts=$(mktemp "${TMPDIR:-/tmp}/parts.XXXXXX") || exit 99
    awk -v keep=" $2 " '
        /^'"'"'[A-Za-z_]+ [0-9]+\/[0-9]+:/ {
            split($2, k, "/"); on = index(keep, " " k[1] " ") > 0
        }
        on' "$1" > "$_parts"
    echo "$_parts"
}
