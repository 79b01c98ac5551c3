#!/bin/sh
# The PDPOTRF tester on llt_hard.dat with emulated GPUs, 4 ranks: 1 GPU
# per rank, then 2 with late completions (delays up to 1 ms) on the
# sections without N = 1000 (1/5, 2/5, 4/5; 5/5 has N = 378 and 1000 in
# blocks of 1 and 3): at N = 1000 every one of the many small device
# operations waits up to 1 ms, half of the test's time for calls that the
# first run has already covered.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_DEVICES=emu:1 HETSCAL_NB_SMALL=16 \
    sh "$top_srcdir/testing/tester/run_llt.sh" 4 "$top_srcdir/testing/data/llt_hard.dat" || exit 1
small=$(mktemp "${TMPDIR:-/tmp}/llt_emu.XXXXXX") || exit 99
trap 'rm -f "$small"' EXIT
awk '/^'"'"'llt_hard [0-9]\/5/ { section = substr($2, 1, 1) } section != 3 && section != 5' \
    "$top_srcdir/testing/data/llt_hard.dat" >"$small"
[ "$(grep -c "^'llt_hard" "$small")" -eq 3 ] || { echo "llt_emu_np4: no sections 1, 2, 4"; exit 99; }
HETSCAL_DEVICES=emu:2 HETSCAL_EMU_DELAY_US=1000 HETSCAL_EMU_SEED=7 HETSCAL_NB_SMALL=24 \
    sh "$top_srcdir/testing/tester/run_llt.sh" 4 "$small"
