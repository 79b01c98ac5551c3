# Sourced by the tests that run the timer (device_rates_file_np2.sh,
# panel_placement_np2.sh on emulated GPUs, many_receives_np2.sh): a temporary
# directory $tmp, removed on exit, for the rates file $rates and the runs'
# output; fail and its count $fails; the run itself (time_on_emu) and the
# verdict (finish).
: "${top_srcdir:=$(dirname "$0")/..}"
: "${top_builddir:=.}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/$(basename "$0" .sh).XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
rates=$tmp/rates
fails=0
fail() { echo "FAILED: $*"; fails=$((fails + 1)); }

# time_on_emu NAME ROUTINE N [VAR=VALUE ...]: the timer's ROUTINE of
# order N on 2 ranks (a 1 x 2 grid, blocks of 64) with 2 emulated GPUs
# each, tiles b = 32 and B = 128, one thread, the rates file $rates, the
# panels placed by cost (testing/launch pins them on the GPUs) and the
# VARs; its output in $tmp/NAME.out, printed when the run fails.
time_on_emu() {
    name=$1 routine=$2 n=$3
    shift 3
    env HETSCAL_RATES_FILE="$rates" HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=32 HETSCAL_NB=128 \
        HETSCAL_NUM_THREADS=1 HETSCAL_VERBOSE=1 HETSCAL_PANELS=cost "$@" \
        "$top_srcdir/testing/launch" 2 "$top_builddir/timing/time_scalapack" -routine "$routine" \
        -n "$n" -nb 64 -p 1 -q 2 -threads 1 -reps 1 -noceiling >"$tmp/$name.out" 2>&1 ||
        { fail "$name: the run failed"; cat "$tmp/$name.out"; }
}

# finish TEST: the verdict, and the exit status (1 when a check failed).
finish() {
    [ "$fails" -eq 0 ] && echo "$1: PASSED" && exit 0
    echo "$1: $fails failed checks"
    exit 1
}
