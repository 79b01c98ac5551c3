#!/bin/sh
# One rank driving both of the CUDA stand-in's GPUs (HETSCAL_DEVICES=cuda,
# the real backend), small tiles and panels on the GPUs: the PDPOTRF,
# PDGETRF and PDGEQRF testers (the two runs without peer copies: the
# PDGETRF tester alone, as they check only the switches), every case
# passing, three times:
#   peers      the GPUs are peers (the stand-in's default): the devices
#              line says "1 peer pair(s)" and tiles move from GPU to GPU
#              directly: d2d (cudaMemcpyPeerAsync) > 0 summed over the run;
#   no-pair    CUDA_STANDIN_PEER=none (PCIe without P2P): "0 peer pair(s)",
#              d2d = 0, tiles go through the host;
#   off        HETSCAL_PEER_COPIES=off (the runtime's switch): a peer pair,
#              d2d = 0.
# Every run must put tasks on the GPUs, every verbose devices line must
# carry d2d=N (X.XMB) right after d2h=N (X.XMB), and no peer copy may be
# staged through the host (the stand-in says so on stderr: the backend
# copies between enabled peers only).
: "${top_srcdir:=$(dirname "$0")/..}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuda-peer.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0

# run LABEL PAIRS D2D TESTERS [VAR=VALUE...]: the testers (all: the
# three, lu: PDGETRF's) with the settings given; PAIRS: the peer pairs
# the devices line must report; D2D: "some" (d2d > 0 summed) or "none"
# (d2d = 0 on every line).
tester_failed() {
    cat "$tmp/out"
    echo "FAIL ($label): the $1 tester failed"
    failed=$((failed + 1))
}

run() {
    label=$1 pairs=$2 want=$3 which=$4
    shift 4
    verbose=$tmp/$label.verbose
    : >"$verbose"
    set -- "$@" HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=16 \
        HETSCAL_PANELS=device LLT_COUNT_CALLS=1 TESTER_VERBOSE_LOG="$verbose"
    if [ "$which" = all ]; then
        env "$@" sh "$top_srcdir/testing/tester/run_llt.sh" 1 -precision d \
            "$top_srcdir/testing/data/llt_emu.dat" >"$tmp/out" 2>&1 || tester_failed llt
        env "$@" sh "$top_srcdir/testing/tester/run_qr.sh" 1 -precision d \
            >"$tmp/out" 2>&1 || tester_failed qr
    fi
    env "$@" sh "$top_srcdir/testing/tester/run_lu.sh" 1 -precision d >"$tmp/out" 2>&1 ||
        tester_failed lu
    lines=$(grep -c '^hetscal: rank [0-9]* in p[a-z]*: devices: .* d2h=[0-9]* ([0-9.]*MB)' \
        "$verbose")
    with=$(grep -c '^hetscal: rank [0-9]* in p[a-z]*: devices: .* d2h=[0-9]* ([0-9.]*MB) d2d=[0-9]* ([0-9.]*MB)' \
        "$verbose")
    d2d=$(grep -o 'd2d=[0-9]*' "$verbose" | awk -F= '{s += $2} END {print s + 0}')
    devices=$(grep -c "devices: cpu + cuda:0 cuda:1 (.* GPU(s) visible, $pairs peer pair(s))" \
        "$verbose")
    staged=$(grep -c '^cuda-standin: a peer copy staged' "$verbose")
    gpu=$(grep -o 'gpu_tasks=[0-9]*' "$verbose" | awk -F= '{s += $2} END {print s + 0}')
    echo "$label: $lines verbose lines, $with with d2d=, d2d copies $d2d," \
        "$devices devices lines with $pairs peer pair(s), $staged staged peer copies," \
        "$gpu tasks on the GPUs"
    if [ "$gpu" -eq 0 ]; then
        echo "FAIL ($label): no task ran on the GPUs"
        failed=$((failed + 1))
    fi
    if [ "$lines" -eq 0 ] || [ "$with" -ne "$lines" ]; then
        echo "FAIL ($label): verbose lines without d2d=N (X.XMB) after d2h=N (X.XMB)"
        failed=$((failed + 1))
    fi
    if [ "$devices" -eq 0 ]; then
        echo "FAIL ($label): no devices line reports $pairs peer pair(s):"
        grep -m 3 'devices:' "$verbose"
        failed=$((failed + 1))
    fi
    if [ "$staged" -ne 0 ]; then
        echo "FAIL ($label): peer copies staged through the host:"
        grep -m 3 '^cuda-standin:' "$verbose"
        failed=$((failed + 1))
    fi
    if { [ "$want" = some ] && [ "$d2d" -eq 0 ]; } || { [ "$want" = none ] && [ "$d2d" -ne 0 ]; }; then
        echo "FAIL ($label): d2d=$d2d, expected $want"
        failed=$((failed + 1))
    fi
}

run peers 1 some all
run no-pair 0 none lu CUDA_STANDIN_PEER=none
run off 1 none lu HETSCAL_PEER_COPIES=off
echo "cuda_peer_np1: $failed failed checks"
[ $failed -eq 0 ]
