#!/bin/sh
# Weak scaling predicted by timing/predict on a machine file: P nodes
# (one rank of every core and GPU per node, or RANKS_PER_NODE ranks that
# share them, one a GPU say; the most square grid of all the ranks), N
# grown as N1 * sqrt(P) so that each node holds the same share.  One markdown
# row per case: time, TFLOP/s, GFLOP/s per node, the fraction of the
# CPU + GPU DGEMM ceiling, the busy fractions, messages and GB sent per
# node, the bottleneck the model names (the largest part of the run's
# critical path, sim/sim_path.h, and its share), and for PDPOTRF the 2-D
# volume formula's bytes per node,
# 4 N^2 (p + q - 2) / P (every tile of L sent along its process row and
# column once: N^2 / 2 values, to p - 1 + q - 1 ranks, 8 bytes each).
# A row whose prediction priced kernels below the smallest size the
# machine file rates them at is marked (*), with a note under the table.
#   timing/scale_table.sh MACHINE ROUTINE N1 "NODES..." [RANKS_PER_NODE]
: "${top_builddir:=.}"
machine=$1 routine=$2 n1=$3 nodes=$4 per_node=${5:-1}
below_rated="warning: kernels priced at the rate of the smallest size rated"
echo "| nodes | grid | N | seconds | TFLOP/s | GF/s per node | of ceiling | CPU busy | GPU busy | links busy | messages/node | GB sent/node | bottleneck | formula GB/node |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for P in $nodes; do
    R=$((P * per_node))
    p=$(awk -v R="$R" 'BEGIN { p = int(sqrt(R)); while (R % p) p--; print p }')
    q=$((R / p))
    n=$(awk -v n1="$n1" -v P="$P" 'BEGIN { printf "%d", n1 * sqrt(P) }')
    out=$("$top_builddir/timing/predict" -machine "$machine" -routine "$routine" -n "$n" \
          -nb 256 -p "$p" -q "$q" -nodes "$P") || exit 1
    echo "$out" | awk -v P="$P" -v p="$p" -v q="$q" -v n="$n" -v r="$routine" -v below_rated="$below_rated" '
        /^predicted_s=/ { split($1, a, "="); s = a[2]; split($2, b, "="); gf = b[2] }
        / time: / { for (i = 1; i <= NF; i++) if ($i == "of") { frac = $(i - 1); break } }
        / busy during the run: / {
            cpu = $7 "-" $9; links = $18; sub(",", "", links); gpu = "-"
            for (i = 1; i <= NF; i++) if ($i == "GPUs") gpu = $(i + 1) }
        / per node: / { msgs = $5; gb = $7 }
        / bottleneck: / { line = $0; sub(/^ *bottleneck: /, "", line)
                          sub(/ of the critical path.*/, "", line); why = line }
        index($0, below_rated) { below = " (*)" }
        END {
            formula = r == "potrf" ? sprintf("%.3f", 4.0 * n * n * (p + q - 2) / P * 1e-9) : "-"
            printf "| %d | %dx%d | %d | %.2f | %.2f | %.1f | %.2f | %s | %s | %s | %s | %s | %s | %s |\n",
                   P, p, q, n, s, gf / 1000, gf / P, frac, cpu, gpu, links, msgs, gb, why below, formula }'
    case $out in *"$below_rated"*) below=1 ;; esac
done
if [ -n "${below:-}" ]; then
    echo
    echo "(*) some kernels priced at the rate of the smallest size the machine file rates them at (optimistic where the rate grows with the size): timing/predict's warning line names them"
fi
