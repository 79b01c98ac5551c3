#!/bin/sh
# testing/gpu/simulate_here.sh DIR [run_on_gpu.sh options]: runs
# testing/gpu/run_on_gpu.sh on a development machine (root, Debian) as if it
# were the GPU machine: in a private mount namespace the system's MPICH,
# ScaLAPACK, BLAS/LAPACK, UCX, hwloc, slurm, gfortran (and its runtime),
# libudev, make and ScaLAPACK's data files are hidden, and the script runs
# under env -i with PATH=/usr/bin:/bin, so only the unpacked packages can
# serve.  Nothing outside the namespace changes.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 DIR [run_on_gpu.sh options]" >&2; exit 2; }
dir=$(cd "$1" && pwd)
shift
here=$(cd "$(dirname "$0")" && pwd)
[ "$(id -u)" = 0 ] || { echo "$0: needs root (unshare -m)" >&2; exit 1; }
# shellcheck disable=SC2016 # the script runs in the namespace's shell
exec unshare -m --propagation private sh -eu -c '
here=$1 dir=$2; shift 2
tmp=$(mktemp -d /tmp/gpu-sim.XXXXXX)
# hide FOLDER PATTERN...: FOLDER becomes a folder of links to its entries,
# less those that match a PATTERN.  The links are made in a staging tmpfs
# and mounted in one step: programs keep finding libc meanwhile.
hide() {
    folder=$1; shift
    key=$(echo "$folder" | tr / _)
    mkdir "$tmp/orig$key" "$tmp/new$key"
    mount --bind "$folder" "$tmp/orig$key"
    mount -t tmpfs tmpfs "$tmp/new$key"
    for entry in "$tmp/orig$key"/* "$tmp/orig$key"/.[!.]*; do
        [ -e "$entry" ] || [ -L "$entry" ] || continue
        name=${entry##*/} hidden=no
        for p in "$@"; do
            # shellcheck disable=SC2254 # the patterns are globs
            case $name in $p) hidden=yes ;; esac
        done
        [ $hidden = yes ] || ln -s "$entry" "$tmp/new$key/$name"
    done
    mount --bind "$tmp/new$key" "$folder"
}
lib=/usr/lib/x86_64-linux-gnu
hide $lib "libmpi*" "libmpl*" "libopa*" "libscalapack*" "libopenblas*" \
    "libblas*" "liblapack*" "libgfortran*" "libquadmath*" "libuc[pstm]*" \
    "libhwloc*" "libslurm*" "libfabric*" "libudev*" "libopen-*" \
    mpich openmpi openblas-pthread scalapack ucx blas lapack libfabric
# Programs: an empty, non-executable file is mounted over each (gcc
# finds its cc1 from its own resolved path, so /usr/bin stays a folder).
: > "$tmp/absent"
for p in "mpi*" "hydra*" "*gfortran*" f77 f95 make "ompi*" "orte*" "opal*"; do
    find /usr/bin -maxdepth 1 -name "$p" | while read -r f; do
        mount --bind "$tmp/absent" "$f"
    done
done
hide /usr/include/x86_64-linux-gnu mpi mpich openmpi openblas-pthread "cblas*" \
    f77blas.h openblas_config.h
[ ! -d /usr/share/scalapack ] || mount -t tmpfs tmpfs /usr/share/scalapack
echo "simulated GPU machine: hidden MPI, ScaLAPACK, BLAS, gfortran, make:"
for p in mpicc.mpich mpiexec.mpich gfortran make; do
    printf "  %-14s %s\n" "$p" "$(env -i PATH=/usr/bin:/bin sh -c "command -v $p" || echo absent)"
done
exec env -i HOME="${HOME:-/root}" PATH=/usr/bin:/bin TMPDIR=/tmp ${OUT:+OUT="$OUT"} \
    ${CUDA_HOME:+CUDA_HOME="$CUDA_HOME"} sh "$here/run_on_gpu.sh" "$@" "$dir"
' sh "$here" "$dir" "$@"
