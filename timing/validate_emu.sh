#!/bin/sh
# Timed emulation against timing/predict: the real runtime with emulated
# GPUs that take the cost model's time per kernel and copy
# (HETSCAL_DEVICES=emu:G, HETSCAL_EMU_TIMING=timing/machines/emu.machine;
# they compute nothing, so the factor is not checked) next to the
# simulated time of the same call on this host's CPU with those GPUs
# (predict -gpu-machine), and their ratio, with each side's GPU task
# (all, and on the urgent stream) and host-to-device copy counts.  Run
# from the build directory on a quiet host; not part of make check.
#   timing/validate_emu.sh [ROUTINES [SIZES [REPS]]]
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
export top_builddir
# The real calls (testing/launch) and predict read the same kernel rates,
# and place the panels by the same rule: the users' default, cost, unless
# given (testing/launch would force device panels on the real side only).
: "${HETSCAL_RATES_FILE:=$top_builddir/testing/kernel-rates}" "${HETSCAL_PANELS:=cost}"
export HETSCAL_RATES_FILE HETSCAL_PANELS
routines=${1:-potrf,geqrf} sizes=${2:-2000,4000,8000} reps=${3:-3}
nb=${NB:-64}
machine=${MACHINE:-$top_srcdir/timing/machines/emu.machine}
gpus=$(sed -n 's/^gpus *= *\([0-9]*\).*/\1/p' "$machine")
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '%-8s %6s %-13s %5s %5s %10s %10s %7s %11s %11s %11s\n' routine N "grid:threads" tile \
    tileP measured_s predicted_s pred/meas "gpu_tasks" "urgent" "h2d"
for routine in $(echo "$routines" | tr , ' '); do
    for n in $(echo "$sizes" | tr , ' '); do
        # One rank with every GPU and one worker (the other core runs the
        # GPU management and copy threads); two one-thread ranks sharing
        # the GPUs (each opens its share, as on a node).
        for setup in "1x1:1:$gpus" "1x2:1:$((gpus / 2))" "2x1:1:$((gpus / 2))"; do
            grid=${setup%%:*} rest=${setup#*:} threads=${rest%:*} per_rank=${rest#*:}
            p=${grid%x*} q=${grid#*x} np=$((p * q))
            HETSCAL_VERBOSE=1 HETSCAL_DEVICES=emu:$per_rank HETSCAL_EMU_TIMING=$machine \
                "$top_srcdir/testing/launch" "$np" "$top_builddir/timing/time_scalapack" \
                -routine "$routine" -n "$n" -nb "$nb" -p "$p" -q "$q" -threads "$threads" \
                -reps "$reps" -nocheck -noceiling >"$tmp/real" 2>&1
            measured=$(awk -v r="PD$(echo "$routine" | tr a-z A-Z)" '$1 == r { print $8 }' "$tmp/real" | head -1)
            tile=$(sed -n 's/.* rank 0\/.* tile=\([0-9]*\).*/\1/p' "$tmp/real" | tail -1)
            gt=$(sed -n 's/.*rank 0 in .* gpu_tasks=\([0-9]*\).*/\1/p' "$tmp/real" | tail -1)
            h2d=$(sed -n 's/.*rank 0 in .* h2d=\([0-9]*\).*/\1/p' "$tmp/real" | tail -1)
            urg=$(sed -n 's/.*rank 0 in .* urgent=\([0-9]*\).*/\1/p' "$tmp/real" | tail -1)
            set -- -routine "$routine" -n "$n" -nb "$nb" -p "$p" -q "$q" -threads "$threads" \
                -nodes 1 -gpu-machine "$machine" -gpus $((per_rank * np)) -quiet -counts
            "$top_builddir/timing/predict" "$@" >"$tmp/sim" 2>&1
            tileP=$(sed -n 's/^  rank 0 tile=\([0-9]*\).*/\1/p' "$tmp/sim")
            if [ -n "$tile" ] && [ "$tile" != "$tileP" ]; then
                HETSCAL_NB_SMALL=$tile "$top_builddir/timing/predict" "$@" >"$tmp/sim" 2>&1
                tileP="$tile*"
            fi
            predicted=$(sed -n 's/^predicted_s=\([0-9.]*\).*/\1/p' "$tmp/sim")
            gtP=$(sed -n 's/^  rank 0 .* gpu_tasks=\([0-9]*\).*/\1/p' "$tmp/sim")
            h2dP=$(sed -n 's/^  rank 0 .* h2d=\([0-9]*\).*/\1/p' "$tmp/sim")
            urgP=$(sed -n 's/^  rank 0 .* urgent=\([0-9]*\).*/\1/p' "$tmp/sim")
            ratio=$(awk -v a="$predicted" -v b="$measured" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')
            printf '%-8s %6s %-13s %5s %5s %10s %10s %7s %11s %11s %11s\n' "pd$routine" "$n" \
                "$grid:${threads}t:${per_rank}g" "${tile:--}" "${tileP:--}" "${measured:--}" \
                "${predicted:--}" "$ratio" "${gt:--}/${gtP:--}" "${urg:--}/${urgP:--}" \
                "${h2d:--}/${h2dP:--}"
        done
    done
done
