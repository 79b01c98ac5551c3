#!/bin/sh
# The GPU layouts are decided on the grid's nodes (api/qr_call.c
# one_process_row, api/lu_call.c grid_layout), not on its processes:
# timing/predict on h100.machine (4 GPUs a node) places the same grid on
# fewer or more nodes and must name the layout the rule gives.
#   P?GEQRF, 2 x 2, N = 70000: on one node (one process a GPU) one
#   process row; on 4 nodes (one process a node, 9.1 GiB a node, TSQR
#   below 32 there) TSQR on the caller's grid, its tile rows four
#   1024-wide GPU columns high and spread over each rank's GPUs by row;
#   N = 160000 on 4 nodes (48 GiB a node): one process row.
#   P?GEQRF, 2 x 1, N = 80000: one process row on one node and on 2.
#   P?GEQRF, 4 x 4, N = 56568 on 4 nodes (4 processes a node): one
#   process row; N = 20000 on 8 nodes (2 a node, 0.37 GiB a node): TSQR.
#   P?GEQRF, 4 x 8 on 8 nodes (4 a node): one process row at N = 28284
#   (0.75 GiB a node), TSQR at 40000 (1.5, from 1 with 4 a node).
#   P?GETRF, 4 x 4, N = 40000: on 4 nodes (4 processes a node, 3 GiB a
#   node, from 4 on 4 nodes) the single tile row; on 16 (one process a
#   node, 0.75 GiB, from 0.5 on 16) the 2-D grid.  N = 56568 on 4 nodes
#   (6 GiB a node): the 2-D grid; N = 20000 on 16 (0.19 GiB): the single
#   tile row.  2 x 2, N = 160000: on 4 nodes (48 GiB a node) the 2-D grid,
#   on 2 the single tile row.
# And a real call on this host's 4 ranks reports one node in its
# HETSCAL_VERBOSE line (nodes agreed with the grid's settings).
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
: "${LAUNCH:=$top_srcdir/testing/launch}"
machine=$top_srcdir/timing/machines/h100.machine
failed=0

check() {
    _routine=$1 _n=$2 _p=$3 _q=$4 _nodes=$5 _want=$6
    _got=$("$top_builddir/timing/predict" -machine "$machine" -nb 256 -routine "$_routine" \
           -n "$_n" -p "$_p" -q "$_q" -nodes "$_nodes" |
           sed -n 's/^  layout: \([a-z_]*\),.*/\1/p')
    if [ "$_got" = "$_want" ]; then
        echo "ok: $_routine N=$_n ${_p}x$_q on $_nodes node(s): $_got"
    else
        echo "FAIL: $_routine N=$_n ${_p}x$_q on $_nodes node(s): layout '$_got', expected $_want"
        failed=$((failed + 1))
    fi
}

check geqrf 70000 2 2 1 one_row
check geqrf 70000 2 2 4 grid
check geqrf 160000 2 2 4 one_row
check geqrf 80000 2 1 1 one_row
check geqrf 80000 2 1 2 one_row
check geqrf 56568 4 4 4 one_row
check geqrf 20000 4 4 8 grid
check geqrf 28284 4 8 8 one_row
check geqrf 40000 4 8 8 grid

rows=$("$top_builddir/timing/predict" -machine "$machine" -nb 256 -routine geqrf -n 70000 \
       -p 2 -q 2 -nodes 4 |
       sed -n "s/^  layout: .*, tile rows \([0-9]*\) high over each rank's GPUs in turn,.*/\1/p")
if [ "$rows" = 4096 ]; then
    echo "ok: geqrf N=70000 2x2 on 4 nodes: tile rows 4096 high, over each rank's GPUs"
else
    echo "FAIL: geqrf N=70000 2x2 on 4 nodes: tile rows '$rows' high over the GPUs, expected 4096"
    failed=$((failed + 1))
fi
check getrf 40000 4 4 4 one_row
check getrf 40000 4 4 16 grid
check getrf 56568 4 4 4 grid
check getrf 20000 4 4 16 one_row
check getrf 160000 2 2 4 grid
check getrf 160000 2 2 2 one_row

out=$(HETSCAL_VERBOSE=1 sh "$LAUNCH" 4 "$top_builddir/timing/time_scalapack" -routine potrf \
      -n 300 -nb 32 -p 2 -q 2 -threads 1 -reps 1 -noceiling 2>&1)
lines=$(echo "$out" | grep -c '^hetscal: pdpotrf rank .* layout=grid nodes=1$')
if [ "$lines" -eq 4 ]; then
    echo "ok: 4 ranks of this host report layout=grid nodes=1"
else
    echo "FAIL: $lines of 4 verbose lines say layout=grid nodes=1"
    echo "$out" | grep '^hetscal: pdpotrf' | head -4
    failed=$((failed + 1))
fi
echo "layout_by_nodes: $failed failed"
[ "$failed" -eq 0 ]
