#!/bin/sh
# A GPU fault in the middle of a call (CUDA_STANDIN_FAIL=0:40: the 40th
# kernel or copy on physical device 0, rank 0's GPU, puts it into a sticky
# cudaErrorIllegalAddress, as an illegal address would on hardware): the
# call must come back on both ranks, with INFO = -1003 (HETSCAL_ERR_DEVICE)
# or a right result, and never hang.  One PDPOTRF case, N=378, NB=93.
: "${top_srcdir:=$(dirname "$0")/..}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuda-sticky.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/sticky.dat" <<'DAT'
'cuda_sticky: a GPU fault mid-call'
'any MPI machine'
'LLT.out'
6
'L'
1              number of problem sizes
378            values of N
1              number of NB's
93             values of NB
1              number of NRHS's
1              values of NRHS
1              number of NBRHS's
1              values of NBRHS
2              number of process grids (ordered pairs P & Q)
1 2            values of P
2 1            values of Q
16.0           threshold
T              (ignored)
1              number of offset sets; then IOFF JOFF RSRC CSRC per line:
0 0 0 0
DAT
HETSCAL_TEST_TIMEOUT=30 CUDA_STANDIN_FAIL=${CUDA_STANDIN_FAIL:-0:40} HETSCAL_DEVICES=cuda HETSCAL_NB_SMALL=16 \
    HETSCAL_NB_GPU=16 HETSCAL_VERBOSE=1 \
    sh "$LAUNCH" 2 "$top_builddir/testing/xllt" "$tmp/sticky.dat" > "$tmp/log" 2>&1
status=$?
cat "$tmp/log"
grep -q '^cuda-standin: device 0 has a sticky error' "$tmp/log" ||
    { echo "FAIL: the fault was not injected"; exit 1; }
if grep '^cuda-standin:' "$tmp/log" | grep -v 'has a sticky error'; then
    echo "FAIL: the backend broke a rule of CUDA (above)"; exit 1
fi
[ $status -ne 124 ] && [ $status -ne 137 ] || { echo "FAIL: hung (killed after 30 s)"; exit 1; }
grep -q '^END OF TESTS\.' "$tmp/log" || { echo "FAIL: the tester did not finish"; exit 1; }
# every result row passed, or failed with the device error (the tester
# prints "INFO = -1003, expected 0" under such a row)
rows=$(grep -c ' \(PASSED\|FAILED\)$' "$tmp/log")
passed=$(grep -c ' PASSED$' "$tmp/log")
device=$(grep -c '^ *INFO = -1003, expected' "$tmp/log")
echo "cuda_sticky: $rows rows: $passed passed, $device with INFO = -1003 (HETSCAL_ERR_DEVICE)"
[ "$rows" -gt 0 ] && [ $((passed + device)) -eq "$rows" ]
