#!/bin/sh
# HETSCAL_DEVICES=cuda on a machine without a usable GPU (the CI machine):
# the call runs on the CPUs, passes, and verbose mode says why.  Skipped
# where a GPU is visible.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q GPU; then
    echo "a GPU is visible: skipped"; exit 77
fi
log=$(mktemp "${TMPDIR:-/tmp}/cuda-absent.XXXXXX") || exit 99
trap 'rm -f "$log"' EXIT
HETSCAL_DEVICES=cuda HETSCAL_VERBOSE=1 sh "$top_srcdir/testing/tester/run_llt.sh" 1 > "$log" 2>&1
status=$?
grep -m 3 'devices\|cpu only' "$log"
[ $status -eq 0 ] || { cat "$log"; exit 1; }
grep -q 'cpu only: \(no CUDA GPU\|hetscal was built without CUDA\)' "$log"
