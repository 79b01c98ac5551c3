#!/bin/sh
# hetscal_info_np2.sh: tools/hetscal-info on 2 ranks launched as one MPMD
# job whose ranks differ: rank 0 with HETSCAL_DEVICES=emu:1 and
# HETSCAL_NB=256, rank 1 with HETSCAL_DEVICES=cpu.  In text, with --json
# and with --no-test, each run must exit 0 and say what each rank gets
# (rank 0 its emulated GPU, rank 1 "cpu only"), flag rank 1's GPUs and
# HETSCAL_NB as differing from rank 0's (the latter agreed: rank (0,0)'s
# value is used), print the build's fields, and pass the self-test of
# PDPOTRF, PDGEQRF and PDGETRF; the JSON must parse (python3 -m json.tool)
# and hold the same.  The kernel rates: measured by the agreement of rank
# 0, whose GPU's share of each column they set (runtime/device_rates.h),
# "not measured yet" with an empty rates file and no GPU, forced ones when
# HETSCAL_KERNEL_RATES is set.
: "${top_srcdir:=$(dirname "$0")/..}" "${top_builddir:=.}"
: "${MPIEXEC:=mpiexec.mpich}" "${HETSCAL_TEST_TIMEOUT:=600}"
. "$top_srcdir/testing/mpi_env.sh"
prog=$top_builddir/tools/hetscal-info
[ -x "$prog" ] || { echo "hetscal_info: $prog not built"; exit 99; }
command -v python3 > /dev/null 2>&1 || { echo "hetscal_info: no python3: skipped"; exit 77; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-info.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
unset HETSCAL_DEVICES HETSCAL_NB HETSCAL_KERNEL_RATES HETSCAL_DISABLE HETSCAL_SUMMARY
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 HETSCAL_NUM_THREADS=1
# No rates known yet: the file is empty and stays in the test's folder.
HETSCAL_RATES_FILE=$dir/kernel-rates
export HETSCAL_RATES_FILE
: > "$HETSCAL_RATES_FILE"
# As testing/launch: MPICH's idle polling yields the core.
idle_lib="$top_builddir/testing/.libs/libidlesleep.so"
if [ -f "$idle_lib" ] && [ -z "${HETSCAL_NO_IDLE_SLEEP:-}" ]; then
    LD_PRELOAD="$idle_lib${LD_PRELOAD:+:$LD_PRELOAD}"
    export LD_PRELOAD
fi
failed=0

# run NAME OUT [ENV...] -- ARGS: the two ranks' job (each rank's own
# environment, then ENV for both) with ARGS, standard output to OUT; its
# exit status must be 0.
run() {
    _name=$1 _out=$2
    shift 2
    _env=
    while [ "$1" != -- ]; do _env="$_env $1"; shift; done
    shift
    # shellcheck disable=SC2086  # the words of _env are separate on purpose
    timeout -k 10 "$HETSCAL_TEST_TIMEOUT" "$MPIEXEC" \
        -n 1 env HETSCAL_DEVICES=emu:1 HETSCAL_NB=256 $_env "$prog" "$@" : \
        -n 1 env HETSCAL_DEVICES=cpu $_env "$prog" "$@" > "$_out" 2> "$dir/err"
    _status=$?
    bad=
    [ "$_status" -eq 0 ] || bad="; exit status $_status"
}

# expect FILE PATTERN...: every pattern (grep -E) is in FILE.
expect() {
    _file=$1
    shift
    for _p; do
        grep -q -E -e "$_p" "$_file" || bad="$bad; no line matches '$_p'"
    done
}

report() {
    if [ -n "$bad" ]; then
        echo "hetscal_info: $1: FAILED$bad"
        cat "$2" "$dir/err"
        failed=$((failed + 1))
    else
        echo "hetscal_info: $1: PASSED"
    fi
}

run text "$dir/text" --
expect "$dir/text" '^hetscal-info: 2 rank\(s\), grid 1 x 2$' '^  hetscal +[0-9]+\.[0-9]+\.[0-9]+' \
    '^  MPI +[A-Za-z]' '^  BLAS +.+\(.+\)$' '^  ScaLAPACK +.+' '^  CUDA +(yes|no): ' \
    '^node [^ ]+: ranks 0 1$' \
    '^  rank 0: [0-9]+ core\(s\) \(cpus [0-9].*\), HETSCAL_NUM_THREADS 1, local rank 0 of 2$' \
    '^  rank 1: [0-9]+ core\(s\) .* local rank 1 of 2$' \
    '^    devices: cpu \+ 1 emulated GPU' '^    gpu emu:1: emulated, no UUID$' \
    '^    devices: cpu only' '^    kernel rates, (measured now|from the rates file)' \
    '^  HETSCAL_NB +256$' '^  ranks with GPUs +1 ' \
    '^  HETSCAL_KEEP_MEMORY +64 MiB kept between calls$' \
    '^  rank 1 differs: GPUs=none \(rank 0: emu:1\)$' \
    "^  rank 1 differs: HETSCAL_NB=0 \(rank 0: 256\); rank \(0,0\)'s value is used" \
    '^  PDPOTRF +PASSED ' '^  PDGEQRF +PASSED ' '^  PDGETRF +PASSED ' \
    '^self-test: 0 of 3 failed$'
# A CUDA build loads cuBLAS and cuSOLVER when asked (device/cuda/
# cuda_libs.h): their versions known means every function the backend
# calls was found in them.
if grep -q '^  CUDA  *yes' "$dir/text"; then
    expect "$dir/text" '^  CUDA +yes: .*cuBLAS [0-9]+\.[0-9]+\.[0-9]+, cuSOLVER [0-9]+\.[0-9]+\.[0-9]+'
fi
report "text, emu:1 and cpu ranks" "$dir/text"

run json "$dir/json" -- --json
python3 -m json.tool "$dir/json" > /dev/null 2>&1 || bad="$bad; not JSON (python3 -m json.tool)"
[ -z "$bad" ] && python3 - "$dir/json" <<'PY' > "$dir/checks" 2>&1 || bad="$bad; $(cat "$dir/checks")"
import json, sys
d = json.load(open(sys.argv[1]))
r0, r1 = d["ranks"]
assert d["nranks"] == 2, "nranks"
assert [g["name"] for g in r0["gpus"]] == ["emu:1"] and r1["gpus"] == [], "gpus"
assert r1["devices"].startswith("cpu only"), "rank 1's devices"
assert r0["config"]["HETSCAL_KEEP_MEMORY"] == "64 MiB", "memory bound"
for key in ("hetscal", "mpi_library", "blas", "scalapack", "cuda", "cpus", "host"):
    assert r0[key], "rank 0's " + key
assert r0["kernel_rates"]["source"] in ("measured now", "from the rates file"), "rates"
assert d["agreed"]["HETSCAL_NB"] == 256, "agreed HETSCAL_NB"
diffs = {(x["rank"], x["what"]): x for x in d["differences"]}
assert diffs[(1, "HETSCAL_NB")]["agreed"] is True, "HETSCAL_NB flagged as agreed"
assert diffs[(1, "GPUs")]["value"] == "none", "GPUs flagged"
tests = d["self_test"]["tests"]
assert [t["routine"] for t in tests] == ["PDPOTRF", "PDGEQRF", "PDGETRF"], "routines"
assert all(t["passed"] and t["gflops"] > 0 and t["reference_gflops"] > 0 for t in tests), "tests"
assert d["self_test"]["failed"] == 0, "failed count"
PY
report "--json" "$dir/json"

run "no test" "$dir/notest" HETSCAL_KERNEL_RATES=128:2.5,256:3 -- --no-test
expect "$dir/notest" '^self-test: skipped \(--no-test\)$' \
    '^    kernel rates, forced by HETSCAL_KERNEL_RATES ' '^      128: 2\.5/2\.5/2\.5/2\.5 192: 2\.5/.* 256: 3\.0/'
! grep -q 'PASSED\|FAILED' "$dir/notest" || bad="$bad; a self-test ran under --no-test"
report "--no-test, forced rates" "$dir/notest"

: > "$dir/empty-rates"
run "no GPU, no rates" "$dir/norates" HETSCAL_DEVICES=cpu HETSCAL_RATES_FILE="$dir/empty-rates" -- --no-test
expect "$dir/norates" '^    kernel rates: not measured yet \(rates file '
# The cache size is measured with the configuration (util/cache_probe.h);
# no kernel rate is.
grep -v '^cache ' "$dir/empty-rates" | grep -q . &&
    bad="$bad; kernel rates were written: $(cat "$dir/empty-rates")"
report "no GPU, empty rates file" "$dir/norates"

echo "hetscal_info: $failed failed"
[ "$failed" -eq 0 ]
