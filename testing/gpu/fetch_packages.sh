#!/bin/sh
# testing/gpu/fetch_packages.sh DIR [BUILDDIR]: gathers in DIR what the GPU
# machine (CUDA but no MPI, ScaLAPACK, BLAS or network) needs to build and
# test hetscal: the Debian packages of MPICH, ScaLAPACK, OpenBLAS and
# Debian's ScaLAPACK testers (apt-get download, no docs), and a `make dist`
# tarball of hetscal (from BUILDDIR, a configured build tree, or from a
# throw-away build of this source tree).  testing/gpu/README has the steps.
set -eu

usage() {
    echo "usage: $0 DIR [BUILDDIR]" >&2
    exit 2
}
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
dir=$1
builddir=${2:-}
srcdir=$(cd "$(dirname "$0")/../.." && pwd)

# Unpacked into the private prefix on the GPU machine.  MPICH is Debian's
# ch4:ucx build (no libfabric); mpiexec.hydra links libslurm and hwloc.
# The BLAS/LAPACK of the reference ScaLAPACK is OpenBLAS: its
# openblas-pthread/ folder holds libblas.so.3 and liblapack.so.3 (Debian's
# alternatives, which dpkg -x does not set up), so Netlib's liblapack3 and
# libblas3 would be dead weight.  libmpich-dev has mpi.h and libmpich.so.
packages="mpich libmpich12 libmpich-dev libhwloc15 libslurm38
libucx0 libnuma1
libscalapack-mpich2.2 libscalapack-mpich-dev
libopenblas0 libopenblas0-pthread libopenblas-dev libopenblas-pthread-dev
scalapack-mpi-test scalapack-test-common"
# Unpacked aside: each library or program in them is used only where the
# GPU machine lacks it (a CUDA image has gcc and libstdc++, often not
# gfortran's runtime, and sometimes not make).
base_packages="libgfortran5 libquadmath0 libudev1 make"

mkdir -p "$dir/debs" "$dir/base"
dir=$(cd "$dir" && pwd)
fetch() { # DEST PACKAGE...
    dest=$1; shift
    # apt-get download writes into the current folder; as root it warns
    # that its sandbox user cannot write there, unless told to stay root.
    (cd "$dest" && apt-get download -q -o APT::Sandbox::User=root "$@")
}
rm -f "$dir"/debs/*.deb "$dir"/base/*.deb
# shellcheck disable=SC2086 # the lists are words
fetch "$dir/debs" $packages
# shellcheck disable=SC2086
fetch "$dir/base" $base_packages

# The closure check: every shared library an ELF file of the packages needs
# must come from the packages or be one a CUDA image always has.
assumed='^(libc|libm|libdl|libpthread|librt|libresolv|libutil|ld-linux-x86-64|libgcc_s|libstdc\+\+|libz|libtinfo|libcrypt)\.so'
check=$(mktemp -d "${TMPDIR:-/tmp}/gpu-pkgs.XXXXXX")
trap 'rm -rf "$check"' EXIT
for deb in "$dir"/debs/*.deb "$dir"/base/*.deb; do
    dpkg-deb -x "$deb" "$check"
done
if command -v readelf >/dev/null 2>&1; then
    # Not checked: the OpenMPI testers and UCX's plugins (InfiniBand, RDMA),
    # which UCX skips when they cannot load; one node uses shared memory.
    find "$check" -type f \( -name '*.so*' -o -perm -u+x \) \
        ! -path '*/openmpi-tests/*' ! -path '*/ucx/*' > "$check/.files"
    : > "$check/.needed"; : > "$check/.have"; : > "$check/.glibc"
    while read -r f; do
        head -c 4 "$f" | grep -q ELF || continue
        basename "$f" >> "$check/.have"
        readelf -d "$f" 2>/dev/null |
            sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' >> "$check/.needed"
        readelf -V "$f" 2>/dev/null | grep -o 'GLIBC_[0-9.]*' >> "$check/.glibc" || true
    done < "$check/.files"
    find "$check" -type l -name '*.so*' -exec basename {} \; >> "$check/.have"
    missing=$(sort -u "$check/.needed" | grep -Ev "$assumed" |
              grep -vxFf "$check/.have" || true)
    glibc=$(sed 's/GLIBC_//' "$check/.glibc" | sort -uV | tail -n 1)
    echo "glibc needed: $glibc" > "$dir/MANIFEST"
    if [ -n "$missing" ]; then
        echo "warning: needed by the packages but neither fetched nor assumed:"
        echo "$missing" | sed 's/^/  /'
    fi
else
    echo "no readelf (binutils): the closure of the packages is not checked"
    echo "glibc needed: unknown" > "$dir/MANIFEST"
fi
(cd "$dir" && ls debs base) | grep '\.deb$' >> "$dir/MANIFEST"

# The hetscal tarball: configure's and automake's output, so the GPU
# machine needs neither autotools nor perl.
rm -f "$dir"/hetscal-*.tar.gz
if [ -z "$builddir" ]; then
    [ -x "$srcdir/configure" ] || (cd "$srcdir" && autoreconf -fi)
    builddir=$check/build
    mkdir "$builddir"
    (cd "$builddir" && "$srcdir/configure" -q --without-cuda >/dev/null)
fi
make -s -C "$builddir" dist-gzip >/dev/null
cp "$builddir"/hetscal-*.tar.gz "$dir/"
rm -f "$builddir"/hetscal-*.tar.gz

du -sk "$dir" | awk '{ printf "total: %.1f MiB in %s\n", $1 / 1024, $2 }'
ls "$dir"/hetscal-*.tar.gz
if git -C "$srcdir" rev-parse --git-dir >/dev/null 2>&1 &&
   ! git -C "$srcdir" check-ignore -q "$dir" 2>/dev/null; then
    case $dir in
    "$srcdir"/*) echo "note: $dir is not ignored by git; a device tool carries only ignored folders you name (add it to .git/info/exclude)" ;;
    esac
fi
