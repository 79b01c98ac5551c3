#!/bin/sh
# cuda_info_np2.sh: tools/hetscal-info on the CUDA stand-in's GPUs, 2 ranks
# (--enable-cuda-standin).  Both ranks seeing both GPUs: each gets its own
# (two different UUIDs), and the self-test passes on them.  Both ranks
# seeing only GPU 0 (CUDA_VISIBLE_DEVICES=0 on each): the node's sharing
# rule gives it to rank 0, with the same UUID as before, and rank 1 runs
# "cpu only" and is flagged as differing.  The CUDA line names the stand-in.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
: "${MPIEXEC:=mpiexec.mpich}" "${HETSCAL_TEST_TIMEOUT:=600}"
. "$top_srcdir/testing/mpi_env.sh"
prog=$top_builddir/tools/hetscal-info
[ -x "$prog" ] || { echo "cuda_info: $prog not built"; exit 99; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/cuda-info.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
unset HETSCAL_NB HETSCAL_KERNEL_RATES HETSCAL_DISABLE CUDA_VISIBLE_DEVICES
HETSCAL_DEVICES=cuda OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 HETSCAL_NUM_THREADS=1
HETSCAL_RATES_FILE=$dir/kernel-rates
export HETSCAL_DEVICES OPENBLAS_NUM_THREADS OMP_NUM_THREADS HETSCAL_NUM_THREADS HETSCAL_RATES_FILE
failed=0

# check NAME OUT PATTERN...: every pattern (grep -E) is in OUT.
check() {
    _name=$1 _out=$2
    shift 2
    _bad=
    for _p; do
        grep -q -E -e "$_p" "$_out" || _bad="$_bad; no line matches '$_p'"
    done
    if [ -n "$_bad" ]; then
        echo "cuda_info: $_name: FAILED$_bad"
        cat "$_out"
        failed=$((failed + 1))
    else
        echo "cuda_info: $_name: PASSED"
    fi
}

timeout -k 10 "$HETSCAL_TEST_TIMEOUT" "$MPIEXEC" -n 2 "$prog" > "$dir/both" 2>&1 ||
    echo "exit status $?" >> "$dir/both"
check "two GPUs, one each" "$dir/both" '^  CUDA +yes: .*stand-in' \
    '^    devices: cpu \+ cuda:0 ' '^    devices: cpu \+ cuda:1 ' \
    '^    gpu cuda:0: GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' \
    '^    gpu cuda:1: GPU-' '^  ranks with GPUs +2 ' '^self-test: 0 of 3 failed$'
uuid0=$(sed -n 's/^    gpu cuda:0: //p' "$dir/both")
uuid1=$(sed -n 's/^    gpu cuda:1: //p' "$dir/both")
[ -n "$uuid0" ] && [ "$uuid0" != "$uuid1" ] ||
    { echo "cuda_info: the two GPUs' UUIDs '$uuid0' '$uuid1' are not two"; failed=$((failed + 1)); }

timeout -k 10 "$HETSCAL_TEST_TIMEOUT" "$MPIEXEC" -n 1 env CUDA_VISIBLE_DEVICES=0 "$prog" \
    --no-test : -n 1 env CUDA_VISIBLE_DEVICES=0 "$prog" --no-test > "$dir/one" 2>&1 ||
    echo "exit status $?" >> "$dir/one"
check "one GPU seen by both ranks" "$dir/one" "^    gpu cuda:0: $uuid0\$" \
    '^    devices: cpu only: local rank 1 of 2 gets none of the 1 GPU' \
    '^  rank 1 differs: GPUs=none \(rank 0: cuda:0\)$'
! grep -q '^exit status' "$dir/both" "$dir/one" ||
    { echo "cuda_info: a run did not exit 0"; failed=$((failed + 1)); }
echo "cuda_info: $failed failed"
[ "$failed" -eq 0 ]
