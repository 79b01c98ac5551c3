#!/bin/sh
# The simulation's times by hand, on testing/data/tiny.machine (every
# kernel at 1 GF/s, copies and messages at 1 GB/s, 1 ms latency, nothing
# per task).  PDPOTRF of N = 128 in 64 x 64 tiles (HETSCAL_NB_SMALL=64):
# POTRF(0,0), TRSM(1,0), SYRK(1,1), POTRF(1,1) one after the other:
#   POTRF(64) = 64^3/3 + 64^2/2 + 64/6 = 89440 flops   -> 89.440 us
#   TRSM      = 64 * 64^2                = 262144      -> 262.144 us
#   SYRK      = 64 * 64 * 65             = 266240      -> 266.240 us
# 1 rank: run 707.264 us; the repartition copies the 3 tiles (98304
# bytes read and as many written) each way at 1 GB/s: 196.608 us in,
# 196.608 out.
# 1 x 2 grid: tile column 0 on rank 0, column 1 on rank 1: TRSM(1,0)'s
# tile (64 x 64 doubles, 32768 bytes: its status word, 0, does not
# travel) goes to rank 1 before its SYRK: 32.768 us + 1000 us latency,
# run 1740.032 us; rank 0
# copies 2 tiles (131.072 us each way), rank 1 one.
# Those are the copies of HETSCAL_IN_PLACE=0; by default the tiles are
# the caller's blocks in its array (both grids): nothing in or out.
: "${top_srcdir:=$(dirname "$0")/..}"
: "${top_builddir:=.}"
fails=0

# expect P Q IN RUN OUT [HETSCAL_IN_PLACE]
expect() {
    out=$(HETSCAL_NB_SMALL=64 HETSCAL_IN_PLACE=${6:-1} "$top_builddir/timing/predict" \
          -machine "$top_srcdir/testing/data/tiny.machine" -routine potrf -n 128 -nb 64 \
          -p "$1" -q "$2" -threads 1) || { echo "FAIL: predict failed"; fails=$((fails + 1)); return; }
    echo "$out"
    echo "$out" | awk -v p="$1" -v q="$2" -v tin="$3" -v trun="$4" -v tout="$5" '
        / time: / { found = 1
                    sub(";", "", $12)
                    if ($6 != tin || $9 != trun || $12 != tout) {
                        printf "FAIL: %dx%d: in %s run %s out %s, expected %s %s %s\n",
                               p, q, $6, $9, $12, tin, trun, tout; bad = 1 } }
        END { if (!found) { print "FAIL: no time line"; bad = 1 }; exit bad }' ||
        fails=$((fails + 1))
}

expect 1 1 0.000196608 0.000707264 0.000196608 0
expect 1 2 0.000131072 0.001740032 0.000131072 0
expect 1 1 0.000000000 0.000707264 0.000000000
expect 1 2 0.000000000 0.001740032 0.000000000

# The critical path of the 1 x 2 case (sim/sim_path.h): its 5 steps are
# the run, POTRF(0,0), TRSM(1,0), the message, SYRK(1,1), POTRF(1,1):
# messages 1032.768 / 1740.032 = 59%, SYRK 15.3%, TRSM 15.1%, POTRF
# 2 x 89.440 = 10.3%.
want="  bottleneck: messages, 59% of the critical path (0.001740 s, 5 steps): then syrk on the CPUs 15%, trsm on the CPUs 15%, potrf on the CPUs 10%"
got=$(HETSCAL_NB_SMALL=64 "$top_builddir/timing/predict" \
      -machine "$top_srcdir/testing/data/tiny.machine" -routine potrf -n 128 -nb 64 \
      -p 1 -q 2 -threads 1 | grep ' bottleneck: ')
echo "$got"
if [ "$got" != "$want" ]; then
    echo "FAIL: the critical path, expected:"
    echo "$want"
    fails=$((fails + 1))
fi

# Cores shared by more workers than a node has (sim/sim.h,
# node_cores): on tiny with one core, a rank's 2 or 3 workers share it, so
# PDGETRF of N = 256 in 64-wide panels runs in exactly the time of one
# worker (the core never idles: each step's panel waits for the previous
# step), while on tiny's 4 cores 2 workers take less.
one_core=$(mktemp) || exit 1
trap 'rm -f "$one_core"' EXIT
sed 's/^cores = .*/cores = 1/' "$top_srcdir/testing/data/tiny.machine" >"$one_core"
run_time() {
    HETSCAL_NB_SMALL=64 "$top_builddir/timing/predict" -machine "$1" -routine getrf -n 256 \
        -nb 64 -p 1 -q 1 -threads "$2" | awk '/ time: / { print $9 }'
}
serial=$(run_time "$top_srcdir/testing/data/tiny.machine" 1)
for threads in 2 3; do
    shared=$(run_time "$one_core" "$threads")
    echo "one core, $threads workers: run $shared s (one worker: $serial s)"
    if [ -z "$serial" ] || [ "$shared" != "$serial" ]; then
        echo "FAIL: $threads workers sharing one core: run $shared s, expected $serial"
        fails=$((fails + 1))
    fi
done
four=$(run_time "$top_srcdir/testing/data/tiny.machine" 2)
echo "four cores, 2 workers: run $four s"
if ! awk -v a="$four" -v b="$serial" 'BEGIN { exit !(a > 0 && a < b) }'; then
    echo "FAIL: 2 workers on 4 cores: run $four s, not below one worker's $serial s"
    fails=$((fails + 1))
fi

# The panels' placement by cost (plan/panel_placement.h) in a simulation:
# tiny with one GPU whose POTRF runs at R GF/s, the host's at 1 GF/s.
# PDPOTRF of N = 1024 puts a 128-wide GPU panel in every 256 columns
# (HETSCAL_NB: on these rates the columns' width rule, plan/top_tile.h,
# would make them 128 wide);
# each diagonal block costs POTRF(128) = 707264 flops, on the host 707.264
# us plus the 128 x 128 doubles down and back at 1 GB/s (262.144 us),
# 969.408 us: the GPUs keep the panels when 707.264 / R is less, so for
# R > 0.7296.
placement() {
    sed "s/^gpu.gemm = .*/gpu.gemm = 64:1\\ngpu.potrf = 256:$1\\ncpu.potrf = 256:1/" \
        "$top_srcdir/testing/data/tiny.machine" >"$one_core"
    HETSCAL_NB_SMALL=64 HETSCAL_NB=256 "$top_builddir/timing/predict" -machine "$one_core" \
        -routine potrf -n 1024 -nb 64 -gpus 1 -threads 1 | sed -n 's/.*its factorizations on the \([A-Za-z]*\) (\(.*\))$/\1 \2/p'
}
for case in "0.72 host" "0.73 GPUs"; do
    set -- $case
    got=$(placement "$1")
    echo "GPU POTRF at $1 GF/s: panels on the $got"
    if [ "$got" != "$2 cost" ]; then
        echo "FAIL: GPU POTRF at $1 GF/s: panels on the '$got', expected '$2 cost'"
        fails=$((fails + 1))
    fi
done
# LU's host panel over a team (runtime/team.h) on tiny with team.round_us
# = 10 and team.member_us = 1: PDGETRF of 256 x 64 is one 64-wide panel
# of 256 rows, in 2 pieces of 128 (kernels/lu_kernels.h).  Its ?GETRF
# counts 959200 flops (959.200 us at 1 GF/s).  Alone on 4 workers it
# takes one helper (no more members than pieces): each member runs one
# piece, 479.600 us, and its 72 rounds (a search, 64 columns, 4 steps'
# interchanges, 3 updates) add 10 us each: run 1199.600 us.
sed 's/^task_overhead_us = .*/&\nteam.round_us = 10\nteam.member_us = 1/' \
    "$top_srcdir/testing/data/tiny.machine" >"$one_core"
for case in "off 0.000959200" "on 0.001199600"; do
    set -- $case
    got=$(HETSCAL_PANEL_TEAM=$1 HETSCAL_NB_SMALL=64 "$top_builddir/timing/predict" \
          -machine "$one_core" -routine getrf -m 256 -n 64 -nb 64 -p 1 -q 1 -threads 4 |
          awk '/ time: / { print $9 }')
    echo "PDGETRF 256 x 64, teams $1: run $got s"
    if [ "$got" != "$2" ]; then
        echo "FAIL: PDGETRF 256 x 64, teams $1: run $got s, expected $2"
        fails=$((fails + 1))
    fi
done
# A prediction says which kernels it priced below the smallest size their
# rates give (at that size's rate): tiny rates GEMM at 64 alone, which
# every class falls back to; PDPOTRF of N = 100 in 64-wide tiles ends
# with a 36-wide POTRF(1,1), the one such kernel; N = 128 has none.
for case in "100 cpu.gemm 1 below 64" "128 "; do
    n=${case%% *} want=${case#* }
    got=$(HETSCAL_NB_SMALL=64 "$top_builddir/timing/predict" \
          -machine "$top_srcdir/testing/data/tiny.machine" -routine potrf -n "$n" -nb 64 \
          -p 1 -q 1 -threads 1 | sed -n 's/^  warning: kernels priced at the rate of the smallest size rated ([^)]*): //p')
    echo "PDPOTRF N = $n, priced below the rated sizes: '$got'"
    if [ "$got" != "$want" ]; then
        echo "FAIL: N = $n: expected '$want'"
        fails=$((fails + 1))
    fi
done
# gpu.task_us: each GPU task's fixed cost, on the GPU (which runs one
# kernel at a time); host tasks keep task_overhead_us.
gpu_run() { # EXTRA_LINE GPUS
    sed "s/^gpu.gemm = .*/gpu.gemm = 64:1\\ngpu.potrf = 256:0.73\\ncpu.potrf = 256:1/" \
        "$top_srcdir/testing/data/tiny.machine" >"$one_core"
    echo "$1" >>"$one_core"
    HETSCAL_NB_SMALL=64 HETSCAL_NB=256 "$top_builddir/timing/predict" -machine "$one_core" \
        -routine potrf -n 1024 -nb 64 -gpus "$2" -threads 1 | awk '/ time: / { print $9 }'
}
plain=$(gpu_run "" 1) slow=$(gpu_run "gpu.task_us = 1000000" 1)
host=$(gpu_run "" 0) host_slow=$(gpu_run "gpu.task_us = 1000000" 0)
echo "gpu.task_us = 1 s: run $plain -> $slow s with a GPU, $host -> $host_slow s without"
if ! awk -v a="$plain" -v b="$slow" 'BEGIN { exit !(a > 0 && b >= a + 1) }' ||
   [ -z "$host" ] || [ "$host" != "$host_slow" ]; then
    echo "FAIL: gpu.task_us must cost each GPU task (and no host task) its time"
    fails=$((fails + 1))
fi
# gpu.CLASS.rows: a GPU panel kernel's rate by its height, as factors;
# 1 everywhere changes nothing; 0.001 above 256 rows slows the GPU's
# taller panels only (each panel by its own height, not the matrix's:
# between no factor and 0.001 everywhere), and no host panel, with or
# without a GPU.
rows_run() { # EXTRA_LINE GPUS ROUTINE PANELS
    sed "s/^gpu.gemm = .*/gpu.gemm = 64:1\ngpu.getrf = 64:1\ngpu.geqrf = 64:1/" \
        "$top_srcdir/testing/data/tiny.machine" >"$one_core"
    echo "$1" >>"$one_core"
    HETSCAL_PANELS=$4 HETSCAL_NB_SMALL=64 "$top_builddir/timing/predict" \
        -machine "$one_core" -routine "$3" -n 512 -nb 64 -gpus "$2" -threads 1 |
        awk '/ time: / { print $9 }'
}
for routine in getrf geqrf; do
    plain=$(rows_run "" 1 $routine device) same=$(rows_run "gpu.$routine.rows = 1:1" 1 $routine device)
    tall=$(rows_run "gpu.$routine.rows = 256:1 257:0.001" 1 $routine device)
    slow=$(rows_run "gpu.$routine.rows = 1:0.001" 1 $routine device)
    host=$(rows_run "" 0 $routine device) host_slow=$(rows_run "gpu.$routine.rows = 1:0.001" 0 $routine device)
    on_host=$(rows_run "" 1 $routine host) on_host_slow=$(rows_run "gpu.$routine.rows = 1:0.001" 1 $routine host)
    echo "gpu.$routine.rows: run $plain s, $same s (1), $tall s (0.001 above 256 rows), $slow s (0.001) with a GPU; $host -> $host_slow s without; host panels $on_host -> $on_host_slow s"
    if [ -z "$plain" ] || [ "$plain" != "$same" ] || [ -z "$host" ] || [ "$host" != "$host_slow" ] ||
       [ -z "$on_host" ] || [ "$on_host" != "$on_host_slow" ] ||
       ! awk -v a="$plain" -v b="$tall" -v c="$slow" 'BEGIN { exit !(b > 2 * a && c > 1.1 * b) }'; then
        echo "FAIL: gpu.$routine.rows must scale each of the GPU's $routine panels by its own height alone"
        fails=$((fails + 1))
    fi
done
[ "$fails" -eq 0 ] && echo "the simulated times are the hand-computed ones"
[ "$fails" -eq 0 ]
