#!/bin/sh
# testing/gpu/run_on_gpu.sh [-t SECONDS] [-m all|tests|timing|build|panels|large]
#     [-w WORKDIR] [-l LOGDIR] [-d DEVICES] DIR
# On the GPU machine (CUDA, no MPI/ScaLAPACK/BLAS, no network): unpacks the
# packages that testing/gpu/fetch_packages.sh put in DIR into a private
# prefix (never into /), builds hetscal's tarball from DIR against it with
# --with-cuda=$CUDA_HOME, then runs the GPU tests (testing/gpu/gpu_tests.sh),
# the cuBLAS DGEMM rate (testing/gpu/cublas_dgemm.c), the panel kernels'
# rates as machine-file lines (testing/gpu/cusolver_rates.c, written to
# LOGDIR/gpu_rates.machine) and timing/time_scalapack
# (hetscal on cores + GPU, hetscal on cores only, the reference ScaLAPACK),
# within SECONDS of wall time (default 540).  Logs go to LOGDIR (default
# $OUT when set, else WORKDIR/logs); WORKDIR (default /tmp/hetscal-gpu)
# keeps the prefix and the build for the next run.  Exit status: 0 when the
# build, every test and every timed residual passed.
set -eu

budget=540 mode=all work=${TMPDIR:-/tmp}/hetscal-gpu logdir='' devices=cuda
usage() {
    sed -n '2,3p' "$0" | sed 's/^# */usage: /' >&2
    exit 2
}
while getopts t:m:w:l:d:h opt; do
    case $opt in
    t) budget=$OPTARG ;;
    m) mode=$OPTARG ;;
    w) work=$OPTARG ;;
    l) logdir=$OPTARG ;;
    d) devices=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
case $mode in all | tests | timing | build | panels | large) ;; *) usage ;; esac
start=$(date +%s)
deadline=$((start + budget))
here=$(cd "$(dirname "$0")" && pwd)
dir=$(cd "$1" && pwd)
: "${CUDA_HOME:=/usr/local/cuda}"
[ -n "$logdir" ] || logdir=${OUT:-$work/logs}
mkdir -p "$work" "$logdir"
work=$(cd "$work" && pwd)
logdir=$(cd "$logdir" && pwd)
prefix=$work/prefix
triple=x86_64-linux-gnu
libdir=$prefix/usr/lib/$triple
summary=$logdir/summary.txt
: > "$summary"
say() { echo "$*" | tee -a "$summary"; }
left() { echo $((deadline - $(date +%s))); }
elapsed() { echo $(($(date +%s) - start)); }
die() { say "run_on_gpu: $*"; exit 1; }

# ---- the machine ---------------------------------------------------------
{
    echo "date: $(date -u)"
    echo "host: $(uname -n) $(uname -m), $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
    # The CPU model goes with every number (the host's DGEMM rate decides
    # the split between cores and GPU).
    echo "cpu: $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
    echo "glibc: $(getconf GNU_LIBC_VERSION 2>/dev/null || echo unknown); the packages need: $(sed -n 's/^glibc needed: //p' "$dir/MANIFEST" 2>/dev/null || echo unknown)"
    if command -v nvidia-smi >/dev/null 2>&1; then nvidia-smi -L 2>&1 || true; else echo "no nvidia-smi"; fi
    echo "CUDA_HOME=$CUDA_HOME: $("$CUDA_HOME/bin/nvcc" --version 2>/dev/null | tail -n 1 || echo 'no nvcc')"
    echo "gcc: $(gcc --version 2>/dev/null | head -n 1 || echo none)"
} > "$logdir/machine.txt" 2>&1
cat "$logdir/machine.txt"
[ "$(uname -m)" = x86_64 ] || die "the packages are amd64; this machine is $(uname -m)"
command -v gcc >/dev/null 2>&1 || die "no gcc on this machine: nothing can be built"
have=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ print $2 }') || have=
need=$(sed -n 's/^glibc needed: //p' "$dir/MANIFEST" 2>/dev/null) || need=
if [ -n "$have" ] && [ -n "$need" ] && [ "$need" != unknown ] &&
   [ "$(printf '%s\n%s\n' "$have" "$need" | sort -V | head -n 1)" != "$need" ]; then
    say "warning: glibc $have here, the packages need $need: expect loader errors"
fi

# ---- the private prefix --------------------------------------------------
unpack() { # DEB DEST: dpkg -x, or ar + tar where there is no dpkg
    if command -v dpkg >/dev/null 2>&1; then
        dpkg -x "$1" "$2"
    else
        member=$(ar t "$1" | grep '^data\.tar')
        case $member in
        *.xz) ar p "$1" "$member" | tar -xJf - -C "$2" ;;
        *.zst) ar p "$1" "$member" | zstd -dc | tar -xf - -C "$2" ;;
        *) ar p "$1" "$member" | tar -xzf - -C "$2" ;;
        esac
    fi
}
# The absolute symbolic links of the packages point into /usr: into the
# prefix instead.
relink() { # ROOT
    find "$1" -type l | while read -r link; do
        target=$(readlink "$link")
        case $target in
        /*) ln -sfn "$1$target" "$link" ;;
        esac
    done
}
stamp=$(cat "$dir"/debs/*.deb "$dir"/base/*.deb | cksum)
if [ ! -f "$prefix/.stamp" ] || [ "$(cat "$prefix/.stamp")" != "$stamp" ]; then
    echo "unpacking $(find "$dir/debs" "$dir/base" -name '*.deb' | wc -l) packages into $prefix"
    rm -rf "$prefix" "$work/base" "$work/missing"
    mkdir -p "$prefix" "$work/base"
    for deb in "$dir"/debs/*.deb; do unpack "$deb" "$prefix"; done
    for deb in "$dir"/base/*.deb; do unpack "$deb" "$work/base"; done
    rm -rf "$prefix/usr/share/doc" "$prefix/usr/share/man" "$libdir/scalapack/openmpi-tests"
    relink "$prefix"
    relink "$work/base"
    # MPICH's compiler wrappers name /usr and /etc/mpich: our prefix.
    for w in "$prefix"/usr/bin/mpic*.mpich "$prefix"/usr/bin/mpif*.mpich; do
        [ -f "$w" ] || continue
        sed -i -e "s|^prefix=/usr\$|prefix=$prefix/usr|" \
            -e "s|^exec_prefix=/usr\$|exec_prefix=$prefix/usr|" \
            -e "s|^sysconfdir=/etc/mpich|sysconfdir=$prefix/etc/mpich|" \
            -e "s|^includedir=/usr/|includedir=$prefix/usr/|" \
            -e "s|^libdir=/usr/|libdir=$prefix/usr/|" \
            -e "s|^modincdir=/usr/|modincdir=$prefix/usr/|" "$w"
    done
    find "$prefix" -name '*.pc' -exec sed -i "s|^prefix=/usr|prefix=$prefix/usr|" {} +
    echo "$stamp" > "$prefix/.stamp"
fi
# Base libraries and make: only those this machine lacks.
mkdir -p "$work/missing/lib" "$work/missing/bin"
rm -f "$work"/missing/lib/* "$work"/missing/bin/*
ldcache=$( (ldconfig -p || /sbin/ldconfig -p) 2>/dev/null) || ldcache=
find "$work/base" -name 'lib*.so.*' | while read -r lib; do
    name=$(basename "$lib")
    # ld.so.cache may list a file that is gone: the file must exist.
    found=no
    for f in $(echo "$ldcache" | awk -v n="$name" '$1 == n { print $NF }') \
             /lib/$triple/"$name" /usr/lib/$triple/"$name" /lib64/"$name"; do
        [ ! -f "$f" ] || found=yes
    done
    if [ $found = no ]; then
        ln -s "$lib" "$work/missing/lib/$name"
        echo "this machine lacks $name: using the packaged one"
    fi
done
if ! command -v make >/dev/null 2>&1; then
    ln -s "$work/base/usr/bin/make" "$work/missing/bin/make"
    echo "this machine lacks make: using the packaged one"
fi

PATH=$prefix/usr/bin:$work/missing/bin:$CUDA_HOME/bin:$PATH
LD_LIBRARY_PATH=$libdir/openblas-pthread:$libdir:$CUDA_HOME/lib64:$work/missing/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
LIBRARY_PATH=$libdir/openblas-pthread:$libdir${LIBRARY_PATH:+:$LIBRARY_PATH}
CPATH=$prefix/usr/include/$triple/mpich${CPATH:+:$CPATH}
PKG_CONFIG_PATH=$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
export PATH LD_LIBRARY_PATH LIBRARY_PATH CPATH PKG_CONFIG_PATH CUDA_HOME
scalapack_so=$libdir/libscalapack-mpich.so.2.2
tests_dir=$libdir/scalapack/mpich-tests
{
    for p in mpicc.mpich mpiexec.mpich gcc make nvcc; do
        printf '%-14s %s\n' "$p" "$(command -v $p || echo MISSING)"
    done
    echo "mpicc.mpich -show: $(mpicc.mpich -show 2>&1)"
    echo "PATH=$PATH"
    echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
} > "$logdir/environment.txt"
cat "$logdir/environment.txt"
case $(command -v mpiexec.mpich) in
"$prefix"/*) ;;
*) die "mpiexec.mpich is not the unpacked one" ;;
esac

# ---- build ---------------------------------------------------------------
tarball=
for f in "$dir"/hetscal-*.tar.gz; do [ ! -f "$f" ] || tarball=$f; done
[ -n "$tarball" ] || die "no hetscal-*.tar.gz in $dir (testing/gpu/fetch_packages.sh makes one)"
src=$work/$(basename "$tarball" .tar.gz)
build=$work/build
sum=$(cksum < "$tarball")
if [ ! -f "$build/.stamp" ] || [ "$(cat "$build/.stamp")" != "$sum $CUDA_HOME" ]; then
    echo "[$(elapsed)s] configuring $(basename "$tarball") with --with-cuda=$CUDA_HOME"
    rm -rf "$src" "$build"
    tar -xzf "$tarball" -C "$work"
    mkdir -p "$build"
    (cd "$build" && "$src/configure" --with-cuda="$CUDA_HOME" CC=mpicc.mpich \
        MPIEXEC=mpiexec.mpich SCALAPACK_SO="$scalapack_so" \
        SCALAPACK_TESTS_DIR="$tests_dir") > "$logdir/configure.log" 2>&1 ||
        { tail -n 30 "$logdir/configure.log"; die "configure failed (configure.log)"; }
    sed -n '/configuration summary/,$p' "$logdir/configure.log"
    echo "[$(elapsed)s] building"
    # The library, the timers and the programs the GPU tests run.
    (cd "$build" && make -j"$(nproc)" &&
        make -j"$(nproc)" testing/libidlesleep.la testing/t_device testing/xllt \
            testing/xlu testing/xqr testing/t_qr_call) > "$logdir/build.log" 2>&1 ||
        { tail -n 30 "$logdir/build.log"; die "the build failed (build.log)"; }
    echo "$sum $CUDA_HOME" > "$build/.stamp"
else
    echo "[$(elapsed)s] $build is built from $(basename "$tarball"): kept"
fi
grep -q '^#define HETSCAL_HAVE_CUDA 1' "$build/config.h" ||
    die "the build has no CUDA backend"
say "build: $(basename "$src"), CUDA backend, $(elapsed)s after the start"
ldd "$build/.libs/libhetscal.so" | grep -E 'mpich|openblas|scalapack|cublas|cudart' |
    tee "$logdir/ldd.txt"
[ "$mode" != build ] || exit 0

# ---- the GPU's DGEMM rate (also: is there a usable GPU?) -----------------
gpu=0
gcc -O2 -std=c11 -I"$CUDA_HOME/include" "$here/cublas_dgemm.c" -L"$CUDA_HOME/lib64" \
    -Wl,-rpath,"$CUDA_HOME/lib64" -lcublas -lcudart -o "$build/cublas_dgemm" \
    > "$logdir/dgemm.txt" 2>&1 || die "cannot build cublas_dgemm (dgemm.txt)"
st=0
timeout 60 "$build/cublas_dgemm" 8192 >> "$logdir/dgemm.txt" 2>&1 || st=$?
cat "$logdir/dgemm.txt" >> "$summary"
cat "$logdir/dgemm.txt"
case $st in
0) gpu=1 ;;
77) say "no usable GPU: cuda falls back to the CPUs (\"cpu only: no CUDA GPU\"); the timing compares CPUs only" ;;
*) say "cublas_dgemm failed (exit status $st)" ;;
esac

# ---- the panel kernels' rates, as machine-file lines ----------------------
if [ "$gpu" = 1 ]; then
    st=0
    gcc -O2 -std=c11 -I"$CUDA_HOME/include" "$here/cusolver_rates.c" -L"$CUDA_HOME/lib64" \
        -Wl,-rpath,"$CUDA_HOME/lib64" -lcusolver -lcublas -lcudart \
        -o "$build/cusolver_rates" > "$logdir/gpu_rates.machine" 2>&1 &&
        timeout 120 "$build/cusolver_rates" 4096 >> "$logdir/gpu_rates.machine" 2>&1 || st=$?
    cat "$logdir/gpu_rates.machine" | tee -a "$summary"
    [ "$st" -eq 0 ] || say "cusolver_rates failed (exit status $st)"
    # A spread LU panel's column driven from the host through cuBLAS
    # (doc/PERFORMANCE.md, session 84: the model's GPU spread panels pay
    # only below some 16 us a column on 16 nodes), beside cuSOLVER's
    # ?getrf of the same rows.
    st=0
    gcc -O2 -std=c11 -I"$CUDA_HOME/include" "$here/spread_column.c" -L"$CUDA_HOME/lib64" \
        -Wl,-rpath,"$CUDA_HOME/lib64" -lcusolver -lcublas -lcudart -lm \
        -o "$build/spread_column" > "$logdir/spread_column.txt" 2>&1 &&
        timeout 60 "$build/spread_column" 2048 >> "$logdir/spread_column.txt" 2>&1 || st=$?
    tee -a "$summary" < "$logdir/spread_column.txt"
    [ "$st" -eq 0 ] || say "spread_column failed (exit status $st)"
    # The library's own spread panel on the GPU (kernels/lu_spread_device.h),
    # its members threads of one process sharing it, 2048 wide, beside
    # ?getrf of the whole panel: us a column, less exchange_us.
    st=0
    for shape in "1 20000" "4 80000" "4 320000"; do
        timeout 90 "$build/timing/time_spread_panel" -on cuda -p "${shape% *}" -m "${shape#* }" \
            -w 2048 -h 2048 -reps 2 >> "$logdir/spread_panel.txt" 2>&1 || st=$?
    done
    tee -a "$summary" < "$logdir/spread_panel.txt"
    [ "$st" -eq 0 ] || say "time_spread_panel failed (exit status $st)"
    # The 2-D LU with its panels on the GPU, gathered (the default) and
    # spread (HETSCAL_LU_SPREAD=1: the parts driving the GPU), two
    # processes sharing it on a 2 x 1 grid: the call's whole time with the
    # spread parts' round trips a column (doc/PERFORMANCE.md, session 86).
    st=0
    for spread in 0 1; do
        [ "$(left)" -gt 120 ] || break
        HETSCAL_LU_GRID=1 HETSCAL_PANELS=device HETSCAL_LU_SPREAD=$spread HETSCAL_VERBOSE=1 \
            HETSCAL_TEST_TIMEOUT=100 timeout 110 "$src/testing/launch" 2 \
            "$build/timing/time_scalapack" -routine getrf -n 16000 -nb 256 -p 2 -q 1 \
            -threads "$(($(nproc) / 2 - 1))" -reps 2 -noref -noceiling -devices "$devices" \
            >> "$logdir/lu_spread_gpu.txt" 2>&1 || st=$?
    done
    { grep "^PDGETRF" "$logdir/lu_spread_gpu.txt"
      grep -o " layout=[a-z_]*" "$logdir/lu_spread_gpu.txt" | sort | uniq -c; } | tee -a "$summary"
    [ "$st" -eq 0 ] || say "spread LU on the GPU failed (exit status $st)"
fi

# ---- the runtime's fixed cost of a GPU task --------------------------------
# timing/bench_runtime: 1 x 1 GEMMs through the runtime on the GPU, chained
# and independent (what a task costs beyond its kernel's rate).
if [ "$gpu" = 1 ] && [ "$mode" != build ]; then
    st=0
    HETSCAL_TEST_TIMEOUT=60 "$src/testing/launch" 1 "$build/timing/bench_runtime" 20000 1 \
        "$devices" > "$logdir/bench_runtime.txt" 2>&1 || st=$?
    say "bench_runtime (us per GPU task):"
    tee -a "$summary" < "$logdir/bench_runtime.txt"
    [ "$st" -eq 0 ] || say "bench_runtime failed (exit status $st)"
fi

# ---- the tests -------------------------------------------------------------
failed=0
top_srcdir=$src top_builddir=$build LAUNCH=$src/testing/launch MPIEXEC=mpiexec.mpich
SCALAPACK_TESTS_DIR=$tests_dir SCALAPACK_SO=$scalapack_so
HETSCAL_LIB=$build/.libs/libhetscal.so
export top_srcdir top_builddir LAUNCH MPIEXEC SCALAPACK_TESTS_DIR SCALAPACK_SO HETSCAL_LIB
if [ "$mode" = all ] || [ "$mode" = tests ] || [ "$mode" = panels ]; then
    # In "all" and "panels", the tests get up to half of what is left, the
    # timing the rest.
    share=$(left)
    [ "$mode" = tests ] || share=$((share / 2))
    say "[$(elapsed)s] GPU tests, HETSCAL_DEVICES=$devices, up to ${share}s"
    # -d emu:N rehearses the GPU checks on emulated GPUs.
    expect=$gpu
    case $devices in emu*) expect=1 ;; esac
    # The tests' status through a file: a pipeline's is tee's.
    echo 0 > "$logdir/tests.status"
    { HETSCAL_GPU_DEVICES=$devices HETSCAL_GPU_EXPECT=$expect HETSCAL_GPU_FOUND=$gpu \
        HETSCAL_GPU_DEADLINE=$(($(date +%s) + share)) \
        sh "$here/gpu_tests.sh" "$logdir/tests" || echo $? > "$logdir/tests.status"; } |
        tee -a "$summary"
    failed=$((failed + $(cat "$logdir/tests.status")))
fi

# ---- traces: where a warm call's time goes on the GPU -----------------------
# One process per routine, N = 4000, two calls (the first measures the
# kernel rates); HETSCAL_TRACE keeps the last one's tasks (LOGDIR/traces/
# ROUTINE.0.json), for timing/trace_gantt.py and for `timing/predict
# -trace` of the same call on h200-lent.machine.
if [ "$gpu" = 1 ] && { [ "$mode" = all ] || [ "$mode" = large ]; }; then
    mkdir -p "$logdir/traces"
    for routine in potrf getrf geqrf; do
        [ "$(left)" -gt 60 ] || break
        HETSCAL_TRACE=$logdir/traces/$routine HETSCAL_TEST_TIMEOUT=30 HETSCAL_NO_IDLE_SLEEP=1 \
            "$src/testing/launch" 1 "$build/timing/time_scalapack" -routine "$routine" \
            -n 4000 -nb 256 -p 1 -q 1 -threads 0 -reps 2 -noref -noceiling -nocheck \
            -devices "$devices" > "$logdir/traces/$routine.txt" 2>&1 ||
            say "traced $routine: exit status $?"
    done
    say "traces: $(ls "$logdir/traces" | grep -c json) files in $logdir/traces"
fi

# ---- timing ----------------------------------------------------------------
# One rank on every core, NB 256 for the reference; for each routine, N
# doubles from 2000 while the last run, scaled by (N'/N)^3, fits in the
# routine's share of the time left.
if [ "$mode" = all ] || [ "$mode" = timing ]; then
    timing_devices=cpu
    [ "$gpu" = 0 ] || timing_devices=$devices,cpu
    mkdir -p "$logdir/timing"
    say "[$(elapsed)s] timing: hetscal (HETSCAL_DEVICES $timing_devices) against the reference ScaLAPACK, 1 rank x $(nproc) threads"
    for routine in potrf getrf geqrf; do
        # PDPOTRF and PDGETRF get 1/4 of the time left each, PDGEQRF (4x
        # PDPOTRF's flops) the rest.
        share=$(($(left) - 15))
        [ "$routine" = geqrf ] || share=$((share / 4))
        [ "$routine" != getrf ] || share=$((share * 4 / 3))
        until=$(($(date +%s) + share))
        last_n=0 last_t=0 header=
        for n in 2000 4000 8000 12000 16000 24000 32000 40000; do
            room=$((until - $(date +%s)))
            if [ "$last_n" -gt 0 ]; then
                guess=$(awk -v t="$last_t" -v a="$last_n" -v b="$n" \
                    'BEGIN { printf "%d", t * (b / a) ^ 3 * 1.2 + 5 }')
                [ "$guess" -lt "$room" ] || break
            fi
            [ "$room" -gt 10 ] || break
            t0=$(date +%s)
            st=0
            HETSCAL_TEST_TIMEOUT=$room HETSCAL_NO_IDLE_SLEEP=1 HETSCAL_VERBOSE=1 \
                "$src/testing/launch" 1 "$build/timing/time_scalapack" \
                -routine "$routine" -n "$n" -nb 256 -p 1 -q 1 -threads 0 -reps 2 \
                -devices "$timing_devices" -csv "$logdir/timing/${routine}_$n.csv" \
                > "$logdir/timing/${routine}_$n.txt" \
                2> "$logdir/timing/${routine}_$n.verbose" || st=$?
            last_t=$(($(date +%s) - t0)) last_n=$n
            if [ -z "$header" ]; then
                header=1
                grep '^ROUTINE' "$logdir/timing/${routine}_$n.txt" | tee -a "$summary" || true
            fi
            grep "^PD" "$logdir/timing/${routine}_$n.txt" | grep -v skipped | tee -a "$summary" || true
            grep -m 1 'devices:' "$logdir/timing/${routine}_$n.verbose" >> "$logdir/timing/devices.txt" || true
            if [ "$st" -ne 0 ]; then
                say "time_scalapack $routine N=$n: exit status $st after ${last_t}s"
                failed=$((failed + 1))
                break
            fi
        done
    done
    if [ -s "$logdir/timing/devices.txt" ]; then
        say "hetscal's device lines (HETSCAL_VERBOSE):"
        sort -u "$logdir/timing/devices.txt" | tee -a "$summary"
    fi
fi
# ---- panels: the device's panel factorizations against the host's ---------
# PDPOTRF at each N of $HETSCAL_GPU_PANEL_SIZES (default 16000), 1 rank x
# every core + the GPU, with the diagonal blocks placed by cost (the
# default), on the GPU and on the host cores (HETSCAL_PANELS), each beside
# the reference; a small call first leaves the kernel rates file
# behind, so that the timed calls do not include the tile-size probe.
if [ "$mode" = panels ] && [ "$gpu" = 1 ]; then
    mkdir -p "$logdir/panels"
    say "[$(elapsed)s] panels: PDPOTRF, diagonal blocks on the GPU and on the host"
    HETSCAL_CACHE_KB=1 HETSCAL_TEST_TIMEOUT=60 "$src/testing/launch" 1 \
        "$build/timing/time_scalapack" -routine potrf -n 4000 -nb 256 -p 1 -q 1 \
        -threads 0 -reps 1 -devices "$devices" > "$logdir/panels/warmup.txt" 2>&1 || true
    for n in ${HETSCAL_GPU_PANEL_SIZES:-16000}; do
        for panels in cost device host; do
            room=$(($(left) - 5))
            [ "$room" -gt 20 ] || { say "panels: out of time before N=$n ($panels)"; break 2; }
            st=0
            HETSCAL_PANELS=$panels HETSCAL_TEST_TIMEOUT=$room HETSCAL_NO_IDLE_SLEEP=1 \
                HETSCAL_VERBOSE=1 "$src/testing/launch" 1 "$build/timing/time_scalapack" \
                -routine potrf -n "$n" -nb 256 -p 1 -q 1 -threads 0 -reps 1 \
                -devices "$devices" > "$logdir/panels/${n}_$panels.txt" \
                2> "$logdir/panels/${n}_$panels.verbose" || st=$?
            printf 'HETSCAL_PANELS=%-6s ' "$panels" | tee -a "$summary"
            grep "^PD" "$logdir/panels/${n}_$panels.txt" | tee -a "$summary" || echo | tee -a "$summary"
            grep -h 'devices:\|factor' "$logdir/panels/${n}_$panels.verbose" | tee -a "$summary" || true
            [ "$st" -eq 0 ] || { say "time_scalapack N=$n panels=$panels: exit status $st"; failed=$((failed + 1)); }
        done
    done
fi
# ---- large: hetscal alone on the GPU at sizes the reference takes minutes for
# Each N of $HETSCAL_GPU_LARGE_SIZES (default 16000 32000), the three
# routines in turn, 1 rank x every core + the GPU, best of 2 (the first
# call of a process may measure the kernel rates; each call's split into
# copying in, factoring and copying out goes to the summary); residuals
# up to 8000 only (at 16000 the check on the cores outlasted the time
# left on the lent H100: it would take longer than the calls).  Before
# the widths, which take what is left.
if [ "$mode" = large ] && [ "$gpu" = 1 ]; then
    mkdir -p "$logdir/large"
    sizes=${HETSCAL_GPU_LARGE_SIZES:-16000 32000}
    say "[$(elapsed)s] large: hetscal alone (HETSCAL_DEVICES $devices), 1 rank x $(nproc) threads, N = $sizes"
    header=
    for n in $sizes; do
        for routine in potrf getrf geqrf; do
            room=$(($(left) - 5))
            [ "$room" -gt 30 ] || { say "large: out of time before $routine N=$n"; break 2; }
            check=
            [ "$n" -le 8000 ] || check=-nocheck
            st=0
            HETSCAL_TEST_TIMEOUT=$room HETSCAL_NO_IDLE_SLEEP=1 HETSCAL_VERBOSE=1 \
                "$src/testing/launch" 1 "$build/timing/time_scalapack" \
                -routine "$routine" -n "$n" -nb 256 -p 1 -q 1 -threads 0 -reps 2 \
                -noref -noceiling $check -devices "$devices" \
                -csv "$logdir/large/${routine}_$n.csv" > "$logdir/large/${routine}_$n.txt" \
                2> "$logdir/large/${routine}_$n.verbose" || st=$?
            if [ -z "$header" ]; then
                header=1
                grep '^ROUTINE' "$logdir/large/${routine}_$n.txt" | tee -a "$summary" || true
            fi
            grep '^PD' "$logdir/large/${routine}_$n.txt" | tee -a "$summary" || true
            grep -h 'devices:' "$logdir/large/${routine}_$n.verbose" | tail -n 1 |
                tee -a "$summary" || true
            grep -o 'time=[0-9.]*s (in [0-9.]* factor [0-9.]* out [0-9.]*' \
                "$logdir/large/${routine}_$n.verbose" | tee -a "$summary" || true
            [ "$st" -eq 0 ] || { say "time_scalapack $routine N=$n: exit status $st"; failed=$((failed + 1)); }
        done
    done
fi
# ---- widths: the GPU columns' panel width of small calls ------------------
# PDGETRF and PDGEQRF at N = 2000, 4000, 8000, 1 rank x every core + the
# GPU, with the default width and with HETSCAL_NB_SMALL = 128, 256, 512:
# machine files price panels below 256 at 256's rates, so the widths of
# small calls are chosen without knowing their cost (doc/PERFORMANCE.md,
# session 63).  Best of 2, residuals checked.
if [ "$mode" = large ] && [ "$gpu" = 1 ]; then
    mkdir -p "$logdir/widths"
    say "[$(elapsed)s] widths: PDGETRF and PDGEQRF, default and fixed GPU panel widths"
    for routine in getrf geqrf; do
        for n in 2000 4000 8000; do
            for width in 0 128 256 512; do
                room=$(($(left) - 5))
                [ "$room" -gt 60 ] || { say "widths: out of time before $routine N=$n"; break 3; }
                st=0
                HETSCAL_NB_SMALL=$width HETSCAL_TEST_TIMEOUT=60 HETSCAL_NO_IDLE_SLEEP=1 \
                    HETSCAL_VERBOSE=1 "$src/testing/launch" 1 "$build/timing/time_scalapack" \
                    -routine "$routine" -n "$n" -nb 256 -p 1 -q 1 -threads 0 -reps 2 \
                    -noref -noceiling -devices "$devices" \
                    > "$logdir/widths/${routine}_${n}_$width.txt" \
                    2> "$logdir/widths/${routine}_${n}_$width.verbose" || st=$?
                printf 'HETSCAL_NB_SMALL=%-4s ' "$width" | tee -a "$summary"
                grep '^PD' "$logdir/widths/${routine}_${n}_$width.txt" | tee -a "$summary" ||
                    echo | tee -a "$summary"
                [ "$st" -eq 0 ] || { say "widths: $routine N=$n width $width: exit status $st"; failed=$((failed + 1)); }
            done
        done
    done
fi
# The rates the runs measured and kept (testing/launch's rates file): the
# GPU's DGEMM ("device" lines) and the panel kernels of one core and of
# the GPU with its link ("panel" lines: potrf, getrf, geqrf at 256, 512,
# 1024 and 2048, then GB/s), beside gpu_rates.machine's cuSOLVER figures.
if [ -s "$top_builddir/testing/kernel-rates" ]; then
    say "rates kept by the runs (device and panel lines of $top_builddir/testing/kernel-rates):"
    grep '^device \|^panel ' "$top_builddir/testing/kernel-rates" | tee -a "$summary" || true
fi
say "run_on_gpu: done in $(elapsed)s, $failed failure(s); logs in $logdir"
[ "$failed" -eq 0 ]
