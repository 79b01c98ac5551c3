#!/bin/sh
# env_hostile_mpmd_np2.sh: the hostile environments of env_hostile_np2.sh
# set differently on the two ranks of one job (an MPMD launch, as ranks of
# real jobs differ): garbage on one rank and a valid value on the other,
# or different garbage on each, for the variables the grid agrees on
# (rank (0,0)'s value decides, a garbage one is ignored as on one rank)
# and for those each rank keeps (threads, window, files, devices, rates).
# Each row is the PDPOTRF tester on llt_hostile.dat (its N = 1000 call
# reads the kernel rates with HETSCAL_CACHE_KB=1) and must pass within the
# time limit.  HETSCAL_SUMMARY is agreed too: its table is one collective
# at MPI_Finalize, which a rank that disagreed would leave waiting.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
HETSCAL_TEST_TIMEOUT=${HETSCAL_TEST_TIMEOUT:-120}
export HETSCAL_TEST_TIMEOUT
dir=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-hostile-mpmd.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
letters=$(head -c 3000 /dev/zero | tr '\0' q)
digits=$(head -c 3000 /dev/zero | tr '\0' 9)
base="HETSCAL_CACHE_KB=1 HETSCAL_RATES_FILE=$dir/kernel-rates"
failed=0 rows=0

# row ENV0 ENV1: rank 0 with ENV0, rank 1 with ENV1 (lists of VAR=VALUE).
row() {
    rows=$((rows + 1))
    if sh "$top_srcdir/testing/mpmd/run_mpmd.sh" testing/xllt \
        "$top_srcdir/testing/data/llt_hostile.dat" "$base $1" "$base $2" \
        >"$dir/out" 2>&1; then
        echo "PASSED: rank 0 '$(printf '%s' "$1" | cut -c1-50)', rank 1 '$(printf '%s' "$2" | cut -c1-50)'"
    else
        echo "FAILED: rank 0 '$(printf '%s' "$1" | cut -c1-60)', rank 1 '$(printf '%s' "$2" | cut -c1-60)'"
        tail -8 "$dir/out"
        failed=$((failed + 1))
    fi
}

# Agreed over the grid: rank (0,0)'s garbage is ignored, the other's
# valid value overridden.
row "HETSCAL_NB_SMALL=abc" "HETSCAL_NB_SMALL=96"
row "HETSCAL_NB_SMALL=64" "HETSCAL_NB_SMALL=2147483648"
row "HETSCAL_NB=9223372036854775808" "HETSCAL_NB=-1"
row "HETSCAL_NB_GPU=0x40 HETSCAL_DEVICES=emu:1" "HETSCAL_NB_GPU=$digits HETSCAL_DEVICES=emu:1"
row "HETSCAL_OVERLAP_COPIES=2" "HETSCAL_OVERLAP_COPIES=-7"
row "HETSCAL_IN_PLACE=0" "HETSCAL_IN_PLACE=$letters"
row "HETSCAL_BROADCAST=tree" "HETSCAL_BROADCAST=$letters"
row "HETSCAL_CACHE_KB=abc" "HETSCAL_CACHE_KB=1"
row "HETSCAL_PANELS=host HETSCAL_DEVICES=emu:1" "HETSCAL_PANELS=$letters HETSCAL_DEVICES=emu:1"
row "HETSCAL_DISABLE=yes" "HETSCAL_DISABLE=1"
row "HETSCAL_SUMMARY=1" "HETSCAL_SUMMARY=$letters"
row "HETSCAL_SUMMARY=-1" "HETSCAL_VERBOSE=summary"
# Each rank's own.
row "HETSCAL_NUM_THREADS=0" "HETSCAL_NUM_THREADS=2147483648"
row "HETSCAL_WINDOW=abc" "HETSCAL_WINDOW=-1"
row "HETSCAL_COPY_PERCENT=64x" "HETSCAL_COPY_PERCENT=1e99"
row "HETSCAL_KEEP_MEMORY=$digits" "HETSCAL_KEEP_MEMORY=-5"
row "HETSCAL_KERNEL_RATES=abc" "HETSCAL_KERNEL_RATES=128:1e99"
row "HETSCAL_RATES_FILE=/dev/full" "HETSCAL_RATES_FILE=$dir"
row "HETSCAL_DEVICES=emu:1 HETSCAL_EMU_DELAY_US=$digits" "HETSCAL_DEVICES=abc"
row "HETSCAL_DEVICES=emu:1 HETSCAL_EMU_TIMING=/dev/zero" "HETSCAL_DEVICES=cpu"
row "HETSCAL_TRACE=/dev/full" "HETSCAL_VERBOSE=$letters"
echo "env_hostile_mpmd: $rows rows, $failed failed"
[ "$failed" -eq 0 ]
