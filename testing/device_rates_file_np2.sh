#!/bin/sh
# The accelerators' DGEMM rates that split each tile column between host
# and GPUs are kept in the rates file (runtime/device_rates.h), so that a
# run repeated on the same machine splits the same way (bitwise identical
# results): PDPOTRF on 2 ranks with 2 emulated GPUs each, the host's rates
# forced (HETSCAL_KERNEL_RATES, 10 GF/s per thread on one thread).
#  1. A fresh file: the rates are measured, one "device" line is written
#     for the emulated GPUs (the ranks measure at once; one line only).
#  2. The same run again reads it: "split_from=rates_file", the same split.
#  3. That line's rate decides the split: at 10 GF/s a GPU gets a third of
#     the host's and the two GPUs' 30 (B = 4b: 3 of 4 panels on the GPUs),
#     at 1000 the GPUs get the whole column, at 0.001 none of it.
#  4. A line no accelerator can have measured (1e300 GF/s) is skipped and
#     the rate measured again, a sane line appended.
. "${top_srcdir:=$(dirname "$0")/..}/testing/rates_file_frame.sh"

# run NAME: PDPOTRF N = 512, tiles b = 32 and B = 128 (4 host panels of
# a column), with the rates file $rates; prints the split of each rank.
run() {
    time_on_emu "$1" potrf 512 HETSCAL_KERNEL_RATES=128:10
    grep -o 'panel_gpu=[0-9]*.* split_from=[a-zA-Z_]*' "$tmp/$1.out" |
        sed 's/panel_gpu=\([0-9]*\) .* split_from=/panel_gpu=\1 split_from=/' | sort -u
}
device_lines() { grep -c '^device ' "$rates" 2>/dev/null || echo 0; }

split=$(run first)
echo "fresh file: $split"
[ "$(device_lines)" -eq 1 ] || fail "a fresh file got $(device_lines) device lines, not 1"
grep '^device .* device=emu-[0-9]*MiB;' "$rates" >/dev/null || fail "no line for the emulated GPUs"
echo "$split" | grep -q 'split_from=measured' || fail "a fresh file's split says: $split"

again=$(run again)
echo "again: $again"
[ "$again" = "$(echo "$split" | sed 's/measured/rates_file/')" ] ||
    fail "the second run split as '$again', the first as '$split'"
[ "$(device_lines)" -eq 1 ] || fail "the second run wrote a device line"

# set_rate R: the file holds the emulated GPUs' line with rate R only.
sig=$(sed -n 's/^device [^ ]* \(device=emu-[0-9]*MiB;.*\)$/\1/p' "$rates" | head -n 1)
set_rate() { grep -v '^device ' "$rates" >"$tmp/kept"; echo "device $1 $sig" >>"$tmp/kept"; mv "$tmp/kept" "$rates"; }
for case in "10 96" "1000 128" "0.001 0"; do
    set -- $case
    set_rate "$1"
    got=$(run "rate$1")
    echo "device rate $1 GF/s: $got"
    [ "$got" = "panel_gpu=$2 split_from=rates_file" ] ||
        fail "device rate $1: expected panel_gpu=$2 from the rates file, got '$got'"
done

set_rate 1e300
got=$(run insane)
echo "device rate 1e300 GF/s: $got"
grep -q "no accelerator reaches" "$tmp/insane.out" || fail "the 1e300 line was not reported"
echo "$got" | grep -q 'split_from=measured' || fail "the 1e300 line was used: $got"
[ "$(device_lines)" -eq 2 ] || fail "no sane line was appended after the 1e300 one"

finish device_rates_file_np2
