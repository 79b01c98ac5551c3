#!/bin/sh
# summary_np2.sh: HETSCAL_SUMMARY's table (api/run_summary.c), printed at
# MPI_Finalize by rank 0 of MPI_COMM_WORLD, for small testers on 2 ranks:
# the plain Fortran callers (fcall_pdpotrf: 2 PDPOTRF calls of N = 300;
# fcall_pdgetrf: 3 PDGETRF calls of N = 200, 100 and 160), xllt on grids
# that leave a rank out (llt_regrid.dat: 10 calls of N = 40, 4 of them on
# a 1x1 grid) or on a 1x1 grid only (the second rank never calls hetscal
# and still takes part in the reduction), and args_potrf's bad arguments.
# Each run must pass and print exactly one table whose row holds the
# expected calls, calls ran, failures, forwarded calls, sum N and largest
# N; under HETSCAL_DISABLE every call is forwarded; HETSCAL_VERBOSE=summary
# prints the table and no per-call line; without either variable, or with
# HETSCAL_SUMMARY=0, no table.  The share of the flops on GPUs is 0 on
# CPUs and positive with emulated GPUs.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
: "${LAUNCH:=$top_srcdir/testing/launch}"
dir=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-summary.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
unset HETSCAL_SUMMARY HETSCAL_VERBOSE HETSCAL_DISABLE
data=$top_srcdir/testing/data
fcall_passed='^fcall_[a-z]*: PASSED'
llt_passed='^0 tests completed and failed residual checks\.'
failed=0

# run NAME ENVIRONMENT ROW PASSED PROGRAM [ARGS...]: testing/PROGRAM on 2
# ranks under ENVIRONMENT (VARIABLE=VALUE words); its standard output
# must match the pattern PASSED; ROW is the table's expected row from the
# routine to max N (the columns compared as words; seconds and GF/s
# vary), or '' for no table at all.  The table's row is left in $got.
run() {
    _name=$1 _env=$2 _row=$3 _passed=$4 _prog=$5
    shift 5
    env $_env sh "$LAUNCH" 2 "$top_builddir/testing/$_prog" "$@" >"$dir/out" 2>"$dir/err"
    _status=$?
    _tables=$(grep -c '^hetscal: run summary over 2 ranks' "$dir/err")
    got=$(awk '$1 == "hetscal:" && $2 ~ /^P[SDCZ][A-Z]+$/ { print $2, $3, $4, $5, $6, $7, $8 }' \
          "$dir/err")
    _bad=
    [ "$_status" -eq 0 ] || _bad="$_bad; exit status $_status"
    grep -q "$_passed" "$dir/out" || _bad="$_bad; no '$_passed' line"
    if [ -z "$_row" ]; then
        [ "$_tables" -eq 0 ] || _bad="$_bad; $_tables tables printed, none asked for"
    else
        [ "$_tables" -eq 1 ] || _bad="$_bad; $_tables tables, not 1"
        [ "$_row" = '*' ] || [ "$got" = "$_row" ] ||
            _bad="$_bad; rows '$got', expected '$_row'"
    fi
    case " $_env " in
    *" HETSCAL_VERBOSE=summary "*)
        ! grep -q '^hetscal: p[sdcz][a-z]* rank ' "$dir/err" ||
            _bad="$_bad; per-call verbose lines under HETSCAL_VERBOSE=summary" ;;
    esac
    report "$_name" "$_bad"
}

report() {
    if [ -n "$2" ]; then
        echo "summary: $1: FAILED$2"
        # stderr's start too: a rank's own report of why it stopped comes
        # before the launcher's closing lines
        tail -n 20 "$dir/out"
        echo "==> $dir/err (first and last 25 lines) <=="
        head -n 25 "$dir/err"
        echo "..."
        tail -n 25 "$dir/err"
        failed=$((failed + 1))
    else
        echo "summary: $1: PASSED"
        grep '^hetscal: \(run summary\|routine\|P[SDCZ]\)' "$dir/err"
    fi
}

#   ROW: routine calls ran failed forwarded sum_N max_N
run "PDPOTRF, HETSCAL_SUMMARY=1" HETSCAL_SUMMARY=1 \
    "PDPOTRF 2 2 0 0 600 300" "$fcall_passed" fcall_pdpotrf
run "PDGETRF, HETSCAL_VERBOSE=summary" HETSCAL_VERBOSE=summary \
    "PDGETRF 3 3 0 0 460 200" "$fcall_passed" fcall_pdgetrf
run "PDPOTRF forwarded (HETSCAL_DISABLE=1)" "HETSCAL_SUMMARY=1 HETSCAL_DISABLE=1" \
    "PDPOTRF 2 0 0 2 0 0" "$fcall_passed" fcall_pdpotrf
run "PDPOTRF, no summary asked" "" "" "$fcall_passed" fcall_pdpotrf
run "PDPOTRF, HETSCAL_SUMMARY=0" HETSCAL_SUMMARY=0 "" "$fcall_passed" fcall_pdpotrf
run "xllt on 1x2, 1x1 and 2x1 grids" HETSCAL_SUMMARY=1 \
    "PDPOTRF 10 10 0 0 400 40" "$llt_passed" xllt "$data/llt_regrid.dat"
run "xllt on a 1x1 grid: rank 1 never calls" HETSCAL_SUMMARY=1 \
    "PDPOTRF 2 2 0 0 80 40" "$llt_passed" xllt "$data/llt_summary_1x1.dat"

# The share of the flops on GPUs: none on CPUs, some with emulated GPUs
# that hold panels (llt_emu.dat, small tiles and GPU panels).
gpu_share() {
    awk '$1 == "hetscal:" && $2 ~ /^P[SDCZ][A-Z]+$/ { print $11 }' "$dir/err"
}
run "PDPOTRF on CPUs: no GPU share" HETSCAL_SUMMARY=1 \
    "PDPOTRF 2 2 0 0 600 300" "$fcall_passed" fcall_pdpotrf
[ "$(gpu_share)" = 0.0 ] || report "GPU share on CPUs" "; GPU % '$(gpu_share)', not 0.0"
run "PDPOTRF on emulated GPUs" \
    "HETSCAL_SUMMARY=1 HETSCAL_DEVICES=emu:1 HETSCAL_NB_SMALL=16 HETSCAL_NB_GPU=32" \
    '*' "$llt_passed" xllt "$data/llt_emu.dat"
share=$(gpu_share)
if awk -v s="${share:-0}" 'BEGIN { exit !(s > 0 && s <= 100) }'; then
    echo "summary: GPU share with emulated GPUs: PASSED ($share%)"
else
    report "GPU share with emulated GPUs" "; GPU % '$share', not in (0, 100]"
fi

# Bad arguments: at least one failure per case where hetscal's INFO was
# negative (some cases call more than once), and no more than the calls.
run "args_potrf on 1x2" HETSCAL_SUMMARY=1 '*' '^args_pdpotrf: [0-9]* cases, 0 failed' \
    args_potrf -precision d 1x2
negative=$(grep -c 'hetscal INFO=-[0-9]' "$dir/out")
set -- $got
if [ "$1" != PDPOTRF ] || [ "$negative" -eq 0 ] || [ "${4:-0}" -lt "$negative" ] ||
    [ "$4" -gt "$2" ]; then
    report "args_potrf's failures counted" \
        "; row '$got': failures not between the $negative negative INFOs and the calls"
else
    echo "summary: args_potrf's failures counted: PASSED ($4 of $2 calls; $negative cases)"
fi
echo "summary: $failed failed"
[ "$failed" -eq 0 ]
