#!/bin/sh
# The PDPOTRF tester on 2 ranks with the tile model forced on
# (HETSCAL_CACHE_KB=1: every share is "larger than the cache") and the
# kernel rates forced (HETSCAL_KERNEL_RATES): with every size as fast the
# smallest tile is chosen, with slow small kernels a large one, and both
# factorizations pass the tester's checks.  Then the caller's blocks
# (NB = 128) are taken as tiles only when the rates make them about as
# fast as the chosen tile: with every size as fast, tile 128 is the
# caller's blocks; with slow 128-tiles the model's 256 is used, with a
# repartition, even though 128 is within a factor 2 of it.  At N = 4200
# the shares exceed 64 MiB (copies would double them): 128-tiles predicted
# 10% slower than 256 are taken in place, within the fifth allowed there;
# in place their GEMMs run in strips, priced at the 256-tiles' GEMM rate,
# so ones whose other kernels (TRSM, SYRK, POTRF) run at a fifth of 128's
# GEMM rate, predicted 39% slower, are copied.
: "${top_srcdir:=$(dirname "$0")/..}"
HETSCAL_CACHE_KB=1 HETSCAL_VERBOSE=1
export HETSCAL_CACHE_KB HETSCAL_VERBOSE
log=$(mktemp "${TMPDIR:-/tmp}/granularity.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT
status=0
for case in "128:50 128" "128:5,192:10,256:20,384:40 384"; do
    set -- $case
    HETSCAL_KERNEL_RATES=$1 sh "$top_srcdir/testing/tester/run_llt.sh" 2 \
        "$top_srcdir/testing/data/llt_granularity.dat" >"$log" 2>&1 || {
        cat "$log"; echo "FAIL: the tester with HETSCAL_KERNEL_RATES=$1" >&2; status=1; }
    grep 'hetscal: tile' "$log" | sort | uniq -c
    # Rank 0 says it for each N = 1600 call (2 grids x 2 UPLO), nothing
    # for N = 300 (the size rule), and nothing else.
    chosen=$(grep -c "hetscal: tile $2 for N = 1600 " "$log")
    others=$(grep 'hetscal: tile' "$log" | grep -vc "hetscal: tile $2 for N = 1600 ")
    if [ "$chosen" -ne 4 ] || [ "$others" -ne 0 ]; then
        echo "FAIL: rates $1: tile $2 chosen $chosen times (4 wanted), other choices $others" >&2
        status=1
    fi
done
for case in "nb128 1600 128:50 tile=128 (caller's blocks)" \
            "nb128 1600 128:5,192:10,256:40 tile=256 threads" \
            "share 4200 128:10,256:11.5 tile=128 (caller's blocks)" \
            "share 4200 128:10/2/2/2,256:14 tile=256 threads"; do
    set -- $case
    dat=$1 n=$2 rates=$3
    want=${case#* * * }
    HETSCAL_KERNEL_RATES=$rates sh "$top_srcdir/testing/tester/run_llt.sh" 2 \
        "$top_srcdir/testing/data/llt_granularity_$dat.dat" >"$log" 2>&1 || {
        cat "$log"; echo "FAIL: the tester with HETSCAL_KERNEL_RATES=$rates" >&2; status=1; }
    calls=$(grep -c "^hetscal: pdpotrf rank .* N=$n " "$log")
    good=$(grep "^hetscal: pdpotrf rank .* N=$n " "$log" | grep -cF "$want")
    echo "rates $rates, NB 128, N = $n: $good of $calls calls with '$want'"
    if [ "$calls" -eq 0 ] || [ "$good" -ne "$calls" ]; then
        echo "FAIL: rates $rates: '$want' wanted in every call" >&2
        status=1
    fi
done
exit $status
