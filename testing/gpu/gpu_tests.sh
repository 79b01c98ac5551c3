#!/bin/sh
# shellcheck disable=SC2317 # the case functions are called through run()
# testing/gpu/gpu_tests.sh LOGDIR: the heterogeneous tests of `make check`
# on a real GPU.  Those tests fix HETSCAL_DEVICES=emu:N in their scripts;
# these cases run the same testers and inputs with HETSCAL_DEVICES taken
# from HETSCAL_GPU_DEVICES (default cuda).  t_placement and t_runtime
# build emulated devices themselves and are not repeated here.
# Environment as in `make check` (top_srcdir, top_builddir, LAUNCH,
# MPIEXEC, SCALAPACK_TESTS_DIR, SCALAPACK_SO, HETSCAL_LIB), plus
#   HETSCAL_GPU_FOUND=1       a GPU is visible (cuda_absent.sh is skipped)
#   HETSCAL_GPU_EXPECT=1      a GPU (or emu:N) is in use: the cases that
#                             fix a GPU panel must show tasks run on it
#   HETSCAL_GPU_DEADLINE=T    date +%s after which no case starts
# One line per case (PASS, FAIL, SKIP); exit status: the failed cases.
set -eu
logdir=$1
mkdir -p "$logdir"
: "${HETSCAL_GPU_DEVICES:=cuda}" "${HETSCAL_GPU_EXPECT:=0}"
: "${HETSCAL_GPU_DEADLINE:=$(($(date +%s) + 3600))}"
export top_srcdir top_builddir LAUNCH MPIEXEC SCALAPACK_TESTS_DIR SCALAPACK_SO HETSCAL_LIB
dev=$HETSCAL_GPU_DEVICES
data=$top_srcdir/testing/data
failed=0

# gpu_tasks LOG: the tasks the verbose lines of LOG say ran on GPUs.
gpu_tasks() {
    grep -o 'gpu_tasks=[0-9]*' "$1" | awk -F= '{ s += $2 } END { print s + 0 }'
}

# run NAME CHECK_GPU VARS COMMAND...: one case with the variable
# assignments VARS (words) exported, its output in LOGDIR/NAME.log.
run() {
    name=$1 check_gpu=$2 vars=$3; shift 3
    left=$((HETSCAL_GPU_DEADLINE - $(date +%s)))
    if [ "$left" -lt 20 ]; then
        echo "SKIP $name (out of time)"
        return 0
    fi
    log=$logdir/$name.log
    start=$(date +%s)
    status=0
    (
        HETSCAL_TEST_TIMEOUT=$left HETSCAL_VERBOSE=1
        export HETSCAL_TEST_TIMEOUT HETSCAL_VERBOSE
        for v in $vars; do export "${v?}"; done
        "$@"
    ) > "$log" 2>&1 || status=$?
    secs=$(($(date +%s) - start))
    if [ "$status" -eq 77 ]; then
        echo "SKIP $name ($(tail -n 1 "$log"))"
        return 0
    fi
    n=$(gpu_tasks "$log")
    echo "gpu_tasks (all ranks and calls): $n" >> "$log"
    if [ "$status" -eq 0 ] && [ "$check_gpu" = gpu ] && [ "$HETSCAL_GPU_EXPECT" = 1 ] &&
       [ "$n" -eq 0 ]; then
        echo "no task ran on a GPU" >> "$log"
        status=1
    fi
    if [ "$status" -eq 0 ]; then
        echo "PASS $name (${secs}s, gpu_tasks=$n)"
    else
        echo "FAIL $name (${secs}s, gpu_tasks=$n, exit status $status; see $log)"
        failed=$((failed + 1))
    fi
}

llt() { # NP [INPUT]
    sh "$top_srcdir/testing/tester/run_llt.sh" "$@"
}
qr() { # NP: the PDGEQRF tester's built-in input, its verbose lines kept
    out=$(mktemp "${TMPDIR:-/tmp}/gpu-xqr.XXXXXX")
    st=0
    sh "$LAUNCH" "$1" "$top_builddir/testing/xqr" > "$out" 2>&1 || st=$?
    cat "$out"
    ok=1
    [ "$st" -eq 0 ] && grep -q '^END OF TESTS\.' "$out" &&
        grep -q '^0 tests completed and failed residual checks\.' "$out" && ok=0
    rm -f "$out"
    return "$ok"
}
xdtester() { # TESTER NP INPUT PASSED
    sh "$top_srcdir/testing/scalapack/run_xdtester.sh" "$@"
}
stock_llt=$SCALAPACK_TESTS_DIR/LLT.dat

# The device layer alone (cpu, emu, and cuda when a GPU is present), and
# the CPU fallback (skipped where a GPU is visible).
run t_device none "" sh "$top_srcdir/testing/t_device.sh"
if [ "${HETSCAL_GPU_FOUND:-0}" = 1 ]; then
    echo "SKIP cuda_absent (a GPU is visible)"
else
    run cuda_absent none "" sh "$top_srcdir/testing/cuda_absent.sh"
fi
HETSCAL_DEVICES=$dev
export HETSCAL_DEVICES
# What has run only against the stand-in and emulated GPUs first: P?GETRF
# in the four precisions on 2 ranks (narrow tiles, GPU tasks required),
# Debian's xdlu on the hard input with the 1-D and the 2-D layout (device
# panels, gathered and spread over their process column), and xdqr with PDGEQRF on the caller's grid.  Messages between
# ranks take the default (auto): Debian's MPICH does not take GPU memory.
# (run_xdtester.sh counts the GPU tasks of its own verbose lines.)
gpu_required="HETSCAL_EXPECT_GPU_TASKS=$HETSCAL_GPU_EXPECT"
lu_hard="HETSCAL_XDLU_EST=F HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=24 HETSCAL_POISON_MEMORY=1 $gpu_required"
run lu_prec_np2 none "" sh "$top_srcdir/testing/tester/run_lu_on_devices.sh" "$dev"
run xdlu_grid_np4 none "$lu_hard HETSCAL_LU_GRID=1 HETSCAL_PANELS=device" \
    xdtester xdlu 4 "$top_srcdir/testing/scalapack/lu_hard.dat" 800 828
run xdlu_spread_np4 none \
    "$lu_hard HETSCAL_LU_GRID=1 HETSCAL_PANELS=device HETSCAL_LU_SPREAD=1 HETSCAL_EXPECT_LAYOUT=grid_spread" \
    xdtester xdlu 4 "$top_srcdir/testing/scalapack/lu_hard.dat" 800 828
run xdlu_np4 none "$lu_hard" xdtester xdlu 4 "$top_srcdir/testing/scalapack/lu_hard.dat" 800 828
run xdqr_grid_np4 none "$gpu_required HETSCAL_QR_GRID=1 HETSCAL_PANELS=device HETSCAL_NB_SMALL=8" \
    xdtester xdqr 4 "$top_srcdir/testing/scalapack/qr_hard.dat" 480
# PDPOTRF: default tiles and split on 1 rank; small tiles and a fixed GPU
# panel (GPU tasks required) on the hard inputs; 4 ranks sharing the
# node's GPUs (ranks without one run on their CPUs).
hard="HETSCAL_NB_SMALL=16 HETSCAL_NB_GPU=32 HETSCAL_POISON_MEMORY=1"
run llt_default_np1 none "" llt 1
run llt_hard_np1 gpu "$hard" llt 1 "$data/llt_hard.dat"
run llt_hard_np2 gpu "$hard" llt 2 "$data/llt_hard.dat"
run llt_emu_dat_np4 gpu "HETSCAL_NB_SMALL=32 HETSCAL_NB_GPU=64" llt 4 "$data/llt_emu.dat"
# PDGEQRF: the tester's built-in input, narrow tiles and GPU panels (GPU
# tasks required), then default tiles;
# the QR pieces against the reference.
run qr_np2 gpu "HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=16" qr 2
run qr_default_np1 none "" qr 1
run t_qr_call_np2 none HETSCAL_NB_SMALL=8 sh "$LAUNCH" 2 "$top_builddir/testing/t_qr_call"
# Debian's testers with hetscal preloaded.
run xdllt_np2 none HETSCAL_NB_SMALL=16 xdtester xdllt 2 "$stock_llt" 108
run xdqr_hard_np4 none HETSCAL_NB_SMALL=8 \
    xdtester xdqr 4 "$top_srcdir/testing/scalapack/qr_hard.dat" 480
exit "$failed"
