#!/bin/sh
# env_hostile_np2.sh: the PDPOTRF tester on 2 ranks (llt_hostile.dat
# with HETSCAL_CACHE_KB=1: its N = 1000 call reads the kernel rates) under
# a table of hostile environments (issue 41), one row at a time: files
# that never end, FIFOs, directories and oversized files where the rates
# file, the trace or the emulated GPUs' machine file should be, and
# garbage in numeric and word variables (negative, past 2^31, trailing
# letters, 5000 digits, 10000 characters).  Each row must pass the
# tester's checks within the time limit and, under HETSCAL_VERBOSE, say
# why the value was not used.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
: "${LAUNCH:=$top_srcdir/testing/launch}"
HETSCAL_TEST_TIMEOUT=${HETSCAL_TEST_TIMEOUT:-120}
HETSCAL_CACHE_KB=1 HETSCAL_VERBOSE=1
export HETSCAL_TEST_TIMEOUT HETSCAL_CACHE_KB HETSCAL_VERBOSE
prog=$top_builddir/testing/xllt
dat=$top_srcdir/testing/data/llt_hostile.dat
dir=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-hostile.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/fifo" "$dir/trace.0.json" "$dir/trace.1.json" || exit 99
head -c 2097152 /dev/zero | tr '\0' x >"$dir/big"
digits=$(head -c 5000 /dev/zero | tr '\0' 9)
letters=$(head -c 10000 /dev/zero | tr '\0' q)
# Rows that do not name the rates file keep theirs in the scratch
# directory: measured once, read by the later rows.
rates=$dir/kernel-rates
failed=0 rows=0

# row VARIABLE VALUE EXPECTED [VARIABLE=VALUE...]: one run; EXPECTED is a
# fixed string its standard error must hold ('' for none).
row() {
    _var=$1 _value=$2 _expect=$3
    shift 3
    rows=$((rows + 1))
    env HETSCAL_RATES_FILE="$rates" "$@" "$_var=$_value" \
        sh "$LAUNCH" 2 "$prog" "$dat" >"$dir/out" 2>"$dir/err"
    _status=$?
    _shown=$(printf '%s' "$_value" | cut -c1-40)
    if [ "$_status" -ne 0 ] || ! grep -q '^END OF TESTS\.' "$dir/out" ||
        ! grep -q '^0 tests completed and failed residual checks\.' "$dir/out"; then
        echo "FAILED: $_var='$_shown': the tester did not pass (exit status $_status)"
        tail -5 "$dir/out" "$dir/err"
        failed=$((failed + 1))
    elif [ -n "$_expect" ] && ! grep -qF -- "$_expect" "$dir/err"; then
        echo "FAILED: $_var='$_shown': no '$_expect' on standard error"
        grep -v '^hetscal: p.potrf rank' "$dir/err" | head -5
        failed=$((failed + 1))
    else
        echo "PASSED: $_var='$_shown'"
    fi
}

not_regular="not used: not a regular file"
row HETSCAL_RATES_FILE /dev/zero "HETSCAL_RATES_FILE='/dev/zero' $not_regular"
row HETSCAL_RATES_FILE /dev/urandom "HETSCAL_RATES_FILE='/dev/urandom' $not_regular"
row HETSCAL_RATES_FILE /dev/full "HETSCAL_RATES_FILE='/dev/full' $not_regular"
row HETSCAL_RATES_FILE "$dir" "$not_regular"
row HETSCAL_RATES_FILE "$dir/fifo" "$not_regular"
row HETSCAL_RATES_FILE "$dir/big" "not used: larger than 1048576 bytes"
row HETSCAL_TRACE "$dir/trace" "cannot write the trace $dir/trace.0.json"
row HETSCAL_EMU_TIMING /dev/full \
    "HETSCAL_EMU_TIMING: cannot use the machine file /dev/full: not a regular file" \
    HETSCAL_DEVICES=emu:1
row HETSCAL_EMU_TIMING /dev/zero "not a regular file" HETSCAL_DEVICES=emu:1
row HETSCAL_EMU_DELAY_US 4294967295 "above 1000000 microseconds" HETSCAL_DEVICES=emu:1
row HETSCAL_EMU_DELAY_US 18446744073709551615 "above 1000000 microseconds" HETSCAL_DEVICES=emu:1
row HETSCAL_EMU_DELAY_US "$digits" "above 1000000 microseconds" HETSCAL_DEVICES=emu:1
row HETSCAL_EMU_TIMING "$dir/fifo" "not a regular file" HETSCAL_DEVICES=emu:1
row HETSCAL_NUM_THREADS abc "HETSCAL_NUM_THREADS='abc' not used"
row HETSCAL_WINDOW -1 "HETSCAL_WINDOW='-1' not used"
row HETSCAL_NB_SMALL 2147483648 "HETSCAL_NB_SMALL='2147483648' not used"
row HETSCAL_NB 9223372036854775808 "HETSCAL_NB='9223372036854775808' not used"
row HETSCAL_COPY_PERCENT 64x "HETSCAL_COPY_PERCENT='64x' not used"
row HETSCAL_NB_GPU 0x40 "HETSCAL_NB_GPU='0x40' not used"
row HETSCAL_KEEP_MEMORY "$digits" "(5000 characters) not used"
row HETSCAL_BROADCAST "$letters" "(10000 characters) not used"
row HETSCAL_KERNEL_RATES abc "HETSCAL_KERNEL_RATES='abc' not used: malformed"
row HETSCAL_OVERLAP_COPIES "" ""
row HETSCAL_IN_PLACE 1x "HETSCAL_IN_PLACE='1x' not used"
# read at MPI_Finalize (api/run_summary.c): garbage prints no table
row HETSCAL_SUMMARY yes "HETSCAL_SUMMARY='yes' not used: not 0 or 1"
row HETSCAL_SUMMARY -1 "HETSCAL_SUMMARY='-1' not used: not 0 or 1"
row HETSCAL_SUMMARY "$letters" "(10000 characters) not used: not 0 or 1"
# Rates files of this machine's own lines (the scratch file the rows
# above filled) made hostile: NaN, negative and absurd rates are skipped
# and the sizes measured again, their new lines appended; a truncated or
# binary file is read as far as it makes sense.
sed 's/^\([0-9]*\) [^ ]* [^ ]*/\1 nan 1e85/' "$rates" >"$dir/nan-rates"
sed 's/^\([0-9]*\) [^ ]*/\1 -5/' "$rates" >"$dir/negative-rates"
head -c 100 "$rates" >"$dir/truncated-rates"
head -c 4096 /dev/urandom >"$dir/binary-rates"
skipped="not used: a line of rates no CPU thread reaches is skipped"
row HETSCAL_RATES_FILE "$dir/nan-rates" "$skipped"
row HETSCAL_RATES_FILE "$dir/negative-rates" "$skipped"
row HETSCAL_RATES_FILE "$dir/truncated-rates" ""
row HETSCAL_RATES_FILE "$dir/binary-rates" ""
for f in nan-rates negative-rates; do
    before=$(wc -l <"$rates") after=$(wc -l <"$dir/$f")
    if [ "$after" -le "$before" ]; then
        echo "FAILED: $f: no line appended for the sizes measured again"
        failed=$((failed + 1))
    fi
done
echo "env_hostile: $rows rows, $failed failed"
[ "$failed" -eq 0 ]
