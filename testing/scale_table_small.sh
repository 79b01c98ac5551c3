#!/bin/sh
# timing/scale_table.sh at a small scale (issue "Scale": the weak-scaling
# tables in one command, checked in CI): the three routines on 1 and 4
# Keeneland nodes with N1 = 4000.  Every row must carry a time, a rate per
# node, busy fractions and the bottleneck the model names.
: "${top_srcdir:=$(dirname "$0")/..}"
: "${top_builddir:=.}"
export top_builddir
fails=0
for routine in potrf geqrf getrf; do
    out=$(sh "$top_srcdir/timing/scale_table.sh" "$top_srcdir/timing/machines/keeneland.machine" \
          "$routine" 4000 "1 4") || { echo "FAIL: scale_table.sh $routine failed"; fails=$((fails + 1)); continue; }
    echo "$routine:"
    echo "$out"
    rows=$(echo "$out" | awk -F'|' '
        NR > 2 && $5 + 0 > 0 && $7 + 0 > 0 && $10 ~ /[0-9]/ && $14 ~ /[a-z].*, [0-9]+%/ { n++ }
        END { print n + 0 }')
    if [ "$rows" -ne 2 ]; then
        echo "FAIL: $routine: $rows of 2 rows complete"
        fails=$((fails + 1))
    fi
done
[ "$fails" -eq 0 ]
