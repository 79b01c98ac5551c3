#!/bin/sh
# summary_np2.sh: HETSCAL_SUMMARY's table (api/run_summary.c), printed at
# MPI_Finalize by rank 0 of MPI_COMM_WORLD, for the plain Fortran callers
# (testing/fortran) on 2 ranks: fcall_pdpotrf makes 2 PDPOTRF calls of
# N = 300, fcall_pdgetrf 3 PDGETRF calls of N = 200, 100 and 160.  Each
# run must pass and print exactly one table whose row holds the expected
# calls, calls ran, failures, forwarded calls, sum N and largest N; with
# HETSCAL_DISABLE every call is forwarded; HETSCAL_VERBOSE=summary prints
# the table and no per-call line; without either variable no table.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
: "${LAUNCH:=$top_srcdir/testing/launch}"
dir=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-summary.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
unset HETSCAL_SUMMARY HETSCAL_VERBOSE HETSCAL_DISABLE
failed=0

# run NAME PROGRAM ROW [VARIABLE=VALUE...]: runs testing/PROGRAM on 2
# ranks; ROW is the table's expected row from the routine to max N (the
# columns compared as words), or '' for no table at all.
run() {
    _name=$1 _prog=$2 _row=$3
    shift 3
    env "$@" sh "$LAUNCH" 2 "$top_builddir/testing/$_prog" >"$dir/out" 2>"$dir/err"
    _status=$?
    _tables=$(grep -c '^hetscal: run summary over 2 ranks' "$dir/err")
    _bad=
    [ "$_status" -eq 0 ] || _bad="$_bad; exit status $_status"
    grep -q "^$_prog: PASSED" "$dir/out" || _bad="$_bad; no '$_prog: PASSED'"
    if [ -z "$_row" ]; then
        [ "$_tables" -eq 0 ] || _bad="$_bad; $_tables tables printed, none asked for"
    else
        [ "$_tables" -eq 1 ] || _bad="$_bad; $_tables tables, not 1"
        _routine=${_row%% *}
        # the row's words up to max N (seconds and GF/s vary)
        _got=$(awk -v r="$_routine" '$1 == "hetscal:" && $2 == r {
                   print $2, $3, $4, $5, $6, $7, $8 }' "$dir/err")
        [ "$_got" = "$_row" ] || _bad="$_bad; row '$_got', expected '$_row'"
        [ "$(grep -c '^hetscal: P[SDCZ][A-Z]* ' "$dir/err")" -eq 1 ] ||
            _bad="$_bad; rows other than $_routine's"
    fi
    case " $* " in
    *" HETSCAL_VERBOSE=summary "*)
        ! grep -q '^hetscal: p[sdcz][a-z]* rank ' "$dir/err" ||
            _bad="$_bad; per-call verbose lines under HETSCAL_VERBOSE=summary" ;;
    esac
    if [ -n "$_bad" ]; then
        echo "summary: $_name: FAILED$_bad"
        tail -n 20 "$dir/out" "$dir/err"
        failed=$((failed + 1))
    else
        echo "summary: $_name: PASSED"
        grep '^hetscal: \(run summary\|routine\|P[SDCZ]\)' "$dir/err"
    fi
}

#   routine calls ran failed forwarded sum_N max_N
run "PDPOTRF, HETSCAL_SUMMARY=1" fcall_pdpotrf "PDPOTRF 2 2 0 0 600 300" HETSCAL_SUMMARY=1
run "PDGETRF, HETSCAL_VERBOSE=summary" fcall_pdgetrf "PDGETRF 3 3 0 0 460 200" \
    HETSCAL_VERBOSE=summary
run "PDPOTRF forwarded (HETSCAL_DISABLE=1)" fcall_pdpotrf "PDPOTRF 2 0 0 2 0 0" \
    HETSCAL_SUMMARY=1 HETSCAL_DISABLE=1
run "PDPOTRF, no summary asked" fcall_pdpotrf ""
run "PDPOTRF, HETSCAL_SUMMARY=0" fcall_pdpotrf "" HETSCAL_SUMMARY=0
echo "summary: $failed failed"
[ "$failed" -eq 0 ]
