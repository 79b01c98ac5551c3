#!/bin/sh
# Where the panels of accelerator columns are factored follows the panel
# rates kept in the rates file (runtime/panel_probe.h, api/
# panel_placement.h): 2 ranks with 2 emulated GPUs each, the split forced
# (HETSCAL_NB_GPU), the three routines.
#  1. A fresh file: the host's and the emulated GPUs' panel rates are
#     measured and written, one "panel" line each (the ranks measure at
#     once); the verbose device line says panels_from=cost.
#  2. A GPU line a thousand times slower than the host's puts every
#     routine's panels on the host (the GPUs run fewer tasks), a line a
#     thousand times faster on the GPUs, and the factors pass
#     time_scalapack's residual check.
#     The width of PDPOTRF's GPU columns follows the same rates
#     (plan/top_tile.h): GPU lines with one DGEMM rate at every size leave
#     the narrowest, 2b; the other routines keep 4b.
#     A host line of 0.5 GF/s (what a probe measures on a host loaded
#     many times over) and a GPU line a thousand times slower, below
#     1 MFLOP/s: the GPUs still count as measured (the ranks agree on the
#     rates in whole MFLOP/s, at least 1), and the panels go to the host.
#  3. HETSCAL_PANELS=device and host override the rates.
#  4. A line no processor can have measured (1e300 GF/s) is skipped,
#     reported, and the rates measured again.
. "${top_srcdir:=$(dirname "$0")/..}/testing/rates_file_frame.sh"

# run NAME ROUTINE [VAR=VALUE ...]: N = 768, tiles b = 32 and B = 4b = 128
# (HETSCAL_NB not set; PDPOTRF's B by the rates) with up to 96 columns of
# each on the GPUs; prints each rank's placement.
run() {
    name=$1 routine=$2
    shift 2
    time_on_emu "$name" "$routine" 768 HETSCAL_NB=0 HETSCAL_NB_GPU=96 "$@"
    grep -o 'panels=[a-z]* panels_from=[A-Za-z_]*' "$tmp/$name.out" | sort -u
}
gpu_tasks() { sed -n 's/.* gpu_tasks=\([0-9]*\) .*/\1/p' "$tmp/$1.out" | awk '{ t += $1 } END { print t + 0 }'; }
panel_lines() { grep -c '^panel ' "$rates" 2>/dev/null || echo 0; }

got=$(run first potrf)
echo "fresh file: $got"
[ "$(panel_lines)" -eq 2 ] || fail "a fresh file got $(panel_lines) panel lines, not 2"
grep -q '^panel .* device=host;' "$rates" || fail "no panel line for the host"
grep -q '^panel .* device=emu-[0-9]*MiB;' "$rates" || fail "no panel line for the emulated GPUs"
echo "$got" | grep -q 'panels_from=cost' || fail "a fresh file's placement says: $got"

# set_gpu RATE: the emulated GPUs' panel line with every kernel at RATE
# GF/s and the host's link at 10 GB/s.
sig=$(sed -n 's/^panel .* \(device=emu-[0-9]*MiB;.*\)$/\1/p' "$rates" | head -n 1)
set_gpu() {
    grep -v "^panel .* device=emu-" "$rates" >"$tmp/kept"
    echo "panel $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 10 $sig" >>"$tmp/kept"
    mv "$tmp/kept" "$rates"
}
host=$(sed -n 's/^panel \([0-9.]*\) .* device=host;.*/\1/p' "$rates" | head -n 1)
slow=$(awk -v h="$host" 'BEGIN { printf "%.6g", h / 1000 }')
fast=$(awk -v h="$host" 'BEGIN { printf "%.3f", h * 1000 }')
for routine in potrf getrf geqrf; do
    set_gpu "$slow"
    got=$(run "slow-$routine" $routine)
    echo "$routine, GPU panels at $slow GF/s: $got"
    [ "$got" = "panels=host panels_from=cost" ] || fail "$routine slow GPU: '$got'"
    set_gpu "$fast"
    got=$(run "fast-$routine" $routine)
    echo "$routine, GPU panels at $fast GF/s: $got"
    [ "$got" = "panels=device panels_from=cost" ] || fail "$routine fast GPU: '$got'"
    width=$(grep -o 'top=[0-9]* top_from=[A-Za-z_0-9]*' "$tmp/fast-$routine.out" | sort -u)
    want="top=128 top_from=4_host_tiles"
    [ $routine = potrf ] && want="top=64 top_from=cost"
    [ "$width" = "$want" ] || fail "$routine, GPU columns: '$width', not '$want'"
    # The host ran the panels: the GPUs ran fewer tasks.
    [ "$(gpu_tasks "slow-$routine")" -lt "$(gpu_tasks "fast-$routine")" ] ||
        fail "$routine: $(gpu_tasks "slow-$routine") GPU tasks with host panels," \
            "$(gpu_tasks "fast-$routine") with device panels"
done

# set_host RATE: the host's panel line with every kernel at RATE GF/s.
hsig=$(sed -n 's/^panel .* \(device=host;.*\)$/\1/p' "$rates" | head -n 1)
host_line=$(grep "^panel .* device=host;" "$rates" | tail -n 1)
set_host() {
    grep -v "^panel .* device=host;" "$rates" >"$tmp/kept"
    echo "panel $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 $1 0 $hsig" >>"$tmp/kept"
    mv "$tmp/kept" "$rates"
}
set_host 0.5
set_gpu 0.0005
got=$(run crawl getrf)
echo "host panels at 0.5 GF/s, GPU panels at 0.0005: $got"
[ "$got" = "panels=host panels_from=cost" ] || fail "GPU panels below 1 MFLOP/s: '$got'"
grep -v "^panel .* device=host;" "$rates" >"$tmp/kept"
echo "$host_line" >>"$tmp/kept"
mv "$tmp/kept" "$rates"

set_gpu "$slow"
got=$(run forced-device getrf HETSCAL_PANELS=device)
[ "$got" = "panels=device panels_from=HETSCAL_PANELS" ] || fail "HETSCAL_PANELS=device: '$got'"
set_gpu "$fast"
got=$(run forced-host geqrf HETSCAL_PANELS=host)
[ "$got" = "panels=host panels_from=HETSCAL_PANELS" ] || fail "HETSCAL_PANELS=host: '$got'"

set_gpu 1e300
got=$(run insane potrf)
echo "GPU panels at 1e300 GF/s: $got"
grep -q "no processor reaches" "$tmp/insane.out" || fail "the 1e300 line was not reported"
[ "$(grep -c '^panel .* device=emu-' "$rates")" -eq 2 ] ||
    fail "no sane line was appended after the 1e300 one"

finish panel_placement_np2
