#!/bin/sh
# HETSCAL_TRACE on 4 ranks (2x2 grids): each rank writes a valid Chrome
# trace with its worker tasks and its messages; trace_gantt.py merges them.
set -eu
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
HETSCAL_TRACE="$dir/t" HETSCAL_NB_SMALL=32 "$LAUNCH" 4 "$top_builddir/testing/xllt" >"$dir/out" 2>&1 ||
    { cat "$dir/out"; exit 1; }
python3 - "$dir/t" <<'PY'
import json, sys
prefix = sys.argv[1]
for rank in (0, 1, 2, 3):
    spans = [e for e in json.load(open("%s.%d.json" % (prefix, rank)))["traceEvents"]
             if e["ph"] == "X"]
    names = {e["name"] for e in spans}
    assert {"potrf", "send", "recv"} <= names, (rank, names)
    assert all(e["dur"] >= 0 and e["pid"] == rank for e in spans), rank
print("trace: every rank traced tasks and messages")
PY
python3 "$top_srcdir/timing/trace_gantt.py" "$dir/t" >/dev/null
test -s "$dir/t.json"
echo "1 passed, 0 failed"
