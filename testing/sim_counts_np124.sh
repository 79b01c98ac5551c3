#!/bin/sh
# The simulation (timing/predict, src/sim/sim.h) inserts exactly the
# task instances and messages of a real run: for P?POTRF, P?GEQRF and
# P?GETRF on 1, 2 and 4 ranks, and one on 8 (every grid shape, one and two threads,
# tiles from the size rule, from HETSCAL_NB_SMALL, the caller's blocks,
# the repartition as tasks (on one rank and across ranks), QR and LU with
# M != N, emulated GPUs, copies
# forwarded along trees, sends in a window, P?GETRF's 2-D layout (also on
# emulated GPUs, and with its panels spread over their process column),
# messages from and to GPU memory,
# P?GEQRF's gathered panels and its TSQR on emulated GPUs), every
# rank's tasks, messages sent and received and bytes sent in a real call
# (its HETSCAL_VERBOSE lines, through timing/time_scalapack) equal the
# simulated rank's, and with GPUs so do its host and GPU tasks, those on
# the urgent streams, and its host-to-device, device-to-host and
# device-to-device copies.  Bytes sent are equal but for P?GETRF's 2-D
# layout on several process rows, whose interchange pieces carry the rows
# the pivots move (a variable tile, runtime/dist.h), where the model
# takes the pivots spread evenly: there within 5%.
: "${top_srcdir:=$(dirname "$0")/..}"
: "${top_builddir:=.}"
export top_builddir
# The cache size decides between the tile rules; the real runs (rank
# (0,0) measures it with its node's ranks) and the simulations (one rank
# a node) would measure it apart, so both take this one.
HETSCAL_CACHE_KB=${HETSCAL_CACHE_KB:-32768}
export HETSCAL_CACHE_KB
# Likewise the CPUs: the simulations give each rank a node of its own
# (tiny.machine: 4 cores), so all its threads are workers; the real
# ranks share this machine's CPUs, and would plan for fewer workers than
# their threads (api/config_agree.c) where it has fewer than theirs.
HETSCAL_NODE_CPUS=1024
export HETSCAL_NODE_CPUS
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0 cases=0

# Whether files $1 and $2 hold the same lines, field by field, but a
# bytes_sent=B that may differ by the fraction $3 of the first's.
same() {
    awk -v tol="$3" '
        NR == FNR { line[FNR] = $0; n = FNR; next }
        {
            if (FNR > n) exit 1
            k = split(line[FNR], a, " ")
            if (k != NF) exit 1
            for (i = 1; i <= NF; i++) {
                if (a[i] == $i) continue
                if (a[i] !~ /^bytes_sent=/ || $i !~ /^bytes_sent=/) exit 1
                x = substr(a[i], 12) + 0; y = substr($i, 12) + 0
                d = x > y ? x - y : y - x
                if (d > tol * x) exit 1
            }
            m = FNR
        }
        END { if (m != n) exit 1 }' "$1" "$2"
}

# case NP P Q THREADS ROUTINE M N NB [VAR=VALUE ...]
check() {
    np=$1 p=$2 q=$3 threads=$4 routine=$5 m=$6 n=$7 nb=$8
    shift 8
    # HETSCAL_DEVICES=emu:G among the variables: G GPUs per rank, simulated
    # as G per node (tiny.machine puts one rank on a node).
    gpus=$(printf '%s\n' "$@" | sed -n 's/^HETSCAL_DEVICES=emu:\([0-9]*\)$/\1/p')
    [ "$routine" = potrf ] && m=$n   # square
    cases=$((cases + 1))
    env "$@" HETSCAL_VERBOSE=1 "$top_srcdir/testing/launch" "$np" \
        "$top_builddir/timing/time_scalapack" -routine "$routine" -m "$m" -n "$n" -nb "$nb" \
        -p "$p" -q "$q" -threads "$threads" -reps 1 -nocheck -noceiling >"$tmp/real.out" 2>&1 || {
        echo "FAIL: the real run failed: $*"; cat "$tmp/real.out"; fails=$((fails + 1)); return; }
    # The last call of each rank (a run may warm up first): tile and
    # counts, then with GPUs what ran where and the device copies.
    sed -n "s/^hetscal: p.$routine rank \([0-9]*\)\/.* tile=\([0-9]*\).* tasks=\([0-9]*\) .*msgs_sent=\([0-9]*\) msgs_recv=\([0-9]*\) bytes_sent=\([0-9]*\) .*/rank \1 tile=\2 tasks=\3 msgs_sent=\4 msgs_recv=\5 bytes_sent=\6/p" \
        "$tmp/real.out" | awk '{ last[$2] = $0 } END { for (r in last) print last[r] }' |
        sort -k2,2n >"$tmp/real"
    sed -n "s/^hetscal: rank \([0-9]*\) in p.$routine: .* host_tasks=\([0-9]*\) gpu_tasks=\([0-9]*\) .*urgent=\([0-9]*\) .*h2d=\([0-9]*\) .*d2h=\([0-9]*\) .*d2d=\([0-9]*\) .*/rank \1 host_tasks=\2 gpu_tasks=\3 urgent=\4 h2d=\5 d2h=\6 d2d=\7/p" \
        "$tmp/real.out" | awk '{ last[$2] = $0 } END { for (r in last) print last[r] }' |
        sort -k2,2n >>"$tmp/real"
    env "$@" "$top_builddir/timing/predict" -machine "$top_srcdir/testing/data/tiny.machine" \
        -routine "$routine" -m "$m" -n "$n" -nb "$nb" -p "$p" -q "$q" -threads "$threads" \
        -gpus "${gpus:-0}" -counts >"$tmp/sim.out" 2>&1 || {
        echo "FAIL: the simulation failed: $*"; cat "$tmp/sim.out"; fails=$((fails + 1)); return; }
    sed -n 's/^  \(rank .* tile=.*\)/\1/p' "$tmp/sim.out" | sort -k2,2n >"$tmp/sim"
    sed -n 's/^  \(rank .* host_tasks=.*\)/\1/p' "$tmp/sim.out" | sort -k2,2n >>"$tmp/sim"
    lines=$np
    [ -n "$gpus" ] && lines=$((2 * np))
    tol=0
    [ "$routine" = getrf ] && [ "$p" -gt 1 ] && tol=0.05
    if [ "$(wc -l <"$tmp/real")" -ne "$lines" ] || ! same "$tmp/real" "$tmp/sim" "$tol"; then
        echo "FAIL: $routine M=$m N=$n NB=$nb ${p}x$q threads=$threads $*"
        echo "  real:"; sed 's/^/    /' "$tmp/real"
        echo "  simulated:"; sed 's/^/    /' "$tmp/sim"
        fails=$((fails + 1))
    else
        echo "ok: $routine M=$m N=$n NB=$nb ${p}x$q threads=$threads $* ($(awk '{ split($4, a, "="); t += a[2] } END { print t }' "$tmp/sim") tasks)"
    fi
}

for routine in potrf geqrf getrf; do
    check 1 1 1 1 $routine 700 700 32
    check 1 1 1 2 $routine 900 600 48 HETSCAL_NB_SMALL=96
    check 1 1 1 2 $routine 800 800 64 HETSCAL_OVERLAP_COPIES=2
    check 2 1 2 1 $routine 700 700 32
    check 2 2 1 1 $routine 650 700 40 HETSCAL_NB_SMALL=64
    check 2 1 2 2 $routine 800 800 100
    check 4 2 2 1 $routine 700 700 32
    check 4 1 4 1 $routine 1000 900 50 HETSCAL_NB_SMALL=72
    check 4 4 1 1 $routine 700 700 64 HETSCAL_WINDOW=24
    # Copies forwarded along trees (runtime/dist.h): each rank's sends
    # and receives change, and must still be the real run's; the second
    # with one send at a time in priority order (runtime/send_window.h);
    # then along chains, down a process column and along a row.
    check 4 2 2 1 $routine 700 700 32 HETSCAL_BROADCAST=tree
    check 4 1 4 1 $routine 1000 900 50 HETSCAL_NB_SMALL=72 HETSCAL_BROADCAST=tree HETSCAL_SEND_WINDOW=1
    check 4 4 1 1 $routine 700 700 32 HETSCAL_BROADCAST=chain
    check 4 1 4 1 $routine 1000 900 50 HETSCAL_NB_SMALL=72 HETSCAL_BROADCAST=chain HETSCAL_SEND_WINDOW=1
    # Emulated GPUs: tiles placed on them, device tasks and copies (the
    # split and the panels' placement forced: the emulator's measured
    # rates are not a machine's).
    check 1 1 1 2 $routine 900 900 64 HETSCAL_DEVICES=emu:2 HETSCAL_PANELS=device HETSCAL_NB_SMALL=64 HETSCAL_NB_GPU=128
    check 2 1 2 1 $routine 800 700 50 HETSCAL_DEVICES=emu:1 HETSCAL_PANELS=device HETSCAL_NB_SMALL=64 HETSCAL_NB_GPU=192
    check 4 2 2 1 $routine 1000 1000 64 HETSCAL_DEVICES=emu:2 HETSCAL_PANELS=device HETSCAL_NB_SMALL=48 HETSCAL_NB=240 HETSCAL_NB_GPU=96
    # Messages from and to the GPUs' memory (as where MPI takes it), sent
    # on from there along the trees.
    check 4 1 4 1 $routine 1000 1000 64 HETSCAL_DEVICES=emu:1 HETSCAL_PANELS=device HETSCAL_NB_SMALL=48 HETSCAL_NB=240 HETSCAL_NB_GPU=96 HETSCAL_BROADCAST=tree HETSCAL_SEND_WINDOW=1 HETSCAL_GPU_MESSAGES=on
    # The repartition as tasks across ranks (api/call_pieces.h): the
    # pieces' gathers, scatters and messages, on the host and on GPUs.
    check 4 2 2 1 $routine 700 700 32 HETSCAL_OVERLAP_COPIES=2 HETSCAL_NB_SMALL=48
    check 4 2 2 1 $routine 1000 1000 64 HETSCAL_OVERLAP_COPIES=2 HETSCAL_DEVICES=emu:2 HETSCAL_PANELS=device HETSCAL_NB_SMALL=48 HETSCAL_NB=240 HETSCAL_NB_GPU=96
    # GPUs of a rank that copy through the host instead of to each other.
    check 2 2 1 1 $routine 900 900 64 HETSCAL_DEVICES=emu:2 HETSCAL_PANELS=device HETSCAL_NB_SMALL=64 HETSCAL_NB_GPU=128 HETSCAL_PEER_COPIES=off
done
# P?GETRF's single tile row with GPUs in 256-wide panels (a matrix of
# one 1024-wide top-level column per rank with GPUs: api/lu_call.c).
check 2 2 1 1 getrf 2100 2100 64 HETSCAL_DEVICES=emu:1 HETSCAL_PANELS=device HETSCAL_NB_GPU=512
# P?GETRF's 2-D layout (HETSCAL_LU_GRID=1; by default only for large
# shares or 8 ranks and more): the caller's blocks in place, M != N both
# ways, a 3-row grid, trees.
check 4 2 2 1 getrf 700 600 64 HETSCAL_LU_GRID=1
check 2 2 1 2 getrf 500 700 48 HETSCAL_LU_GRID=1 HETSCAL_NB_SMALL=64
check 3 3 1 1 getrf 650 650 40 HETSCAL_LU_GRID=1 HETSCAL_NB_SMALL=56
check 4 2 2 1 getrf 800 800 32 HETSCAL_LU_GRID=1 HETSCAL_NB_SMALL=96 HETSCAL_BROADCAST=tree
# P?GETRF's 2-D layout on emulated GPUs (HETSCAL_LU_GRID=1): every
# column on the GPUs, the pivot tiles' host copies read there (a GPU
# share forced, as above: a measured one may be none); the panels
# gathered and factored on the GPUs (their moves on the host), and on
# the host.
check 4 2 2 1 getrf 700 600 64 HETSCAL_LU_GRID=1 HETSCAL_DEVICES=emu:2 HETSCAL_PANELS=device HETSCAL_NB_SMALL=64 HETSCAL_NB_GPU=128 HETSCAL_GPU_MESSAGES=on
check 2 2 1 2 getrf 500 700 48 HETSCAL_LU_GRID=1 HETSCAL_DEVICES=emu:1 HETSCAL_PANELS=host HETSCAL_NB_SMALL=56 HETSCAL_NB_GPU=112
# P?GEQRF's gathered panels on the caller's grid (HETSCAL_QR_GRID=1; by
# default only for large shares on up to 4 ranks): in place, M != N both
# ways, a 3-row grid, trees.
check 4 2 2 1 geqrf 700 600 64 HETSCAL_QR_GRID=1
check 2 2 1 2 geqrf 500 700 48 HETSCAL_QR_GRID=1 HETSCAL_NB_SMALL=64
check 3 3 1 1 geqrf 650 650 40 HETSCAL_QR_GRID=1 HETSCAL_NB_SMALL=56
check 4 2 2 1 geqrf 800 800 32 HETSCAL_QR_GRID=1 HETSCAL_NB_SMALL=96 HETSCAL_BROADCAST=tree
# The caller's 128-blocks in place on 2 x 1: a rank's tiles of a column
# in strips (algo/qr.c, algo/lu_grid.c; 9 tiles a rank, two strips); on
# 2 x 2 the other process column's strips read the panel's rows packed
# (algo/strip_tasks.h; PDPOTRF's caller's blocks are its tiles there by
# default).
check 2 2 1 1 geqrf 2200 600 128 HETSCAL_QR_GRID=1
check 2 2 1 1 getrf 2200 600 128 HETSCAL_LU_GRID=1
check 4 2 2 1 geqrf 2200 900 128 HETSCAL_QR_GRID=1
check 4 2 2 1 getrf 2200 900 128 HETSCAL_LU_GRID=1
check 4 2 2 1 potrf 1500 1500 128
# P?GETRF's spread panels (kernels/lu_spread_part.h): each process row's
# part packed, its marker, the part, unpacked; one and two threads, the
# caller's blocks in place.
check 4 2 2 1 getrf 700 600 64 HETSCAL_LU_GRID=1 HETSCAL_LU_SPREAD=1
check 3 3 1 2 getrf 650 650 40 HETSCAL_LU_GRID=1 HETSCAL_NB_SMALL=56 HETSCAL_LU_SPREAD=1
check 4 2 2 1 getrf 2200 900 128 HETSCAL_LU_GRID=1 HETSCAL_LU_SPREAD=1
# ... and on emulated GPUs: the packs, markers and unpacks on the GPUs of
# the panel's tiles, the parts driving them (engine.h, driven tasks).
check 4 2 2 1 getrf 700 600 64 HETSCAL_LU_GRID=1 HETSCAL_LU_SPREAD=1 HETSCAL_DEVICES=emu:2 HETSCAL_PANELS=device HETSCAL_NB_SMALL=64 HETSCAL_NB_GPU=128 HETSCAL_GPU_MESSAGES=on
check 2 2 1 2 getrf 650 500 48 HETSCAL_LU_GRID=1 HETSCAL_LU_SPREAD=1 HETSCAL_DEVICES=emu:1 HETSCAL_PANELS=device HETSCAL_NB_SMALL=56 HETSCAL_NB_GPU=112
# P?GEQRF with GPUs on a grid above 4 ranks: one process row of all of
# them (api/qr_call.c), copies forwarded, sends in the default window.
check 8 2 4 1 geqrf 700 650 32 HETSCAL_DEVICES=emu:1 HETSCAL_PANELS=device HETSCAL_NB_SMALL=48 HETSCAL_NB_GPU=96
# P?GEQRF's TSQR with GPUs on the caller's grid (HETSCAL_QR_GRID=1; by
# default from 32 processes, or large shares on 8 and 16): the leaves on
# the GPUs or, with the panels on the host, on the host cores, messages
# from and to GPU memory, trees.
check 4 2 2 1 geqrf 1000 900 64 HETSCAL_QR_GRID=1 HETSCAL_DEVICES=emu:2 HETSCAL_PANELS=device HETSCAL_NB_SMALL=48 HETSCAL_NB_GPU=96 HETSCAL_GPU_MESSAGES=on
check 4 2 2 1 geqrf 700 800 40 HETSCAL_QR_GRID=1 HETSCAL_DEVICES=emu:1 HETSCAL_PANELS=host HETSCAL_NB_SMALL=40 HETSCAL_NB_GPU=80
check 8 4 2 1 geqrf 900 700 32 HETSCAL_QR_GRID=1 HETSCAL_DEVICES=emu:1 HETSCAL_PANELS=device HETSCAL_NB_SMALL=32 HETSCAL_NB_GPU=64 HETSCAL_BROADCAST=tree
# The pieces' sends as background traffic in the default window (above
# 4 ranks).
check 8 2 4 1 potrf 800 800 32 HETSCAL_OVERLAP_COPIES=2 HETSCAL_NB_SMALL=48
echo "$cases cases, $fails failed"
[ "$fails" -eq 0 ]
