#!/bin/sh
# timing/predict against measured runs on this host: for each routine,
# grid and N, hetscal's best time of REPS calls (timing/time_scalapack,
# which runs the reference too) next to the simulated time of the same
# call on the `local` machine, and their ratio.  Run from the build
# directory; not part of make check (it takes minutes and a quiet host).
# tileP: the predicted call's tile (* when it differed from the real
# call's and the real one was predicted instead).
#   timing/validate_predict.sh [ROUTINES [SIZES [REPS]]]
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
export top_builddir
# The real calls (testing/launch) and predict read the same kernel rates.
: "${HETSCAL_RATES_FILE:=$top_builddir/testing/kernel-rates}"
export HETSCAL_RATES_FILE
routines=${1:-potrf,geqrf,getrf} sizes=${2:-2000,4000,8000} reps=${3:-3}
nb=${NB:-64}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cores=$(nproc)
printf '%-8s %6s %-10s %5s %5s %10s %10s %7s\n' routine N grid tile tileP measured_s predicted_s pred/meas
for routine in $(echo "$routines" | tr , ' '); do
    for n in $(echo "$sizes" | tr , ' '); do
        # grid "PxQ:threads": one rank of every core's threads, then one
        # rank per core in a row and in a column, then a 2x2 grid of
        # one-thread ranks (on fewer than 4 cores they share them, as the
        # simulation's node does).
        for setup in "1x1:$cores" "1x$cores:1" "${cores}x1:1" "2x2:1"; do
            grid=${setup%:*} threads=${setup#*:}
            p=${grid%x*} q=${grid#*x} np=$((p * q))
            HETSCAL_VERBOSE=1 "$top_srcdir/testing/launch" "$np" "$top_builddir/timing/time_scalapack" \
                -routine "$routine" -n "$n" -nb "$nb" -p "$p" -q "$q" -threads "$threads" \
                -reps "$reps" -nocheck -noceiling >"$tmp/real" 2>&1
            measured=$(awk -v r="PD$(echo "$routine" | tr a-z A-Z)" '$1 == r { print $8 }' "$tmp/real" | head -1)
            tile=$(sed -n 's/.* rank 0\/.* tile=\([0-9]*\).*/\1/p' "$tmp/real" | tail -1)
            "$top_builddir/timing/predict" -routine "$routine" -n "$n" -nb "$nb" -p "$p" -q "$q" \
                -threads "$threads" -quiet -counts >"$tmp/sim" 2>&1
            tileP=$(sed -n 's/^  rank 0 tile=\([0-9]*\).*/\1/p' "$tmp/sim")
            # The real call measured its kernel rates itself (two ranks
            # measure at once and average), the prediction read the rates
            # file: when their tiles differ, predict the real call's tile.
            if [ -n "$tile" ] && [ "$tile" != "$tileP" ] && ! grep -q "caller's blocks" "$tmp/real"; then
                HETSCAL_NB_SMALL=$tile "$top_builddir/timing/predict" -routine "$routine" -n "$n" \
                    -nb "$nb" -p "$p" -q "$q" -threads "$threads" -quiet -counts >"$tmp/sim" 2>&1
                tileP="$tile*"
            fi
            predicted=$(sed -n 's/^predicted_s=\([0-9.]*\).*/\1/p' "$tmp/sim")
            ratio=$(awk -v a="$predicted" -v b="$measured" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')
            printf '%-8s %6s %-10s %5s %5s %10s %10s %7s\n' "pd$routine" "$n" "$grid:${threads}t" \
                "${tile:--}" "${tileP:--}" "${measured:--}" "${predicted:--}" "$ratio"
        done
    done
done
