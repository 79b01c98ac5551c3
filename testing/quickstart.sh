#!/bin/sh
# testing/quickstart.sh main|check [configure options...]
# Sets everything up on a fresh Debian machine and runs either the main job
# (the bundled PDPOTRF tester on its embedded default input, 4 MPI ranks)
# or the whole test suite (make check).  Installs missing Debian packages
# when run as root, configures in ./build (./build-openmpi with the
# configure option --with-mpi=openmpi), builds with every core.
set -eu
what=${1:-main}
[ $# -gt 0 ] && shift
top=$(cd "$(dirname "$0")/.." && pwd)

mpi=mpich build=build
for option; do
    case $option in --with-mpi=openmpi) mpi=openmpi build=build-openmpi ;; esac
done
optional=
case $mpi in
    mpich)   mpi_packages="mpich libmpich-dev libscalapack-mpich-dev"
             # the real application of the MPICH suite (testing/nwchem_np124.sh,
             # skipped without it)
             [ "$what" != check ] || optional=nwchem-mpich ;;
    openmpi) mpi_packages="openmpi-bin libopenmpi-dev libscalapack-openmpi-dev" ;;
esac
packages="$mpi_packages scalapack-mpi-test
  libopenblas-dev liblapack-dev gfortran autoconf automake libtool make pkg-config
  python3"
# testing/cmake_package_np1.sh builds a CMake project on the installed
# package (skipped without cmake)
[ "$what" != check ] || optional="$optional cmake"
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=
for p in $packages; do
    installed "$p" || missing="$missing $p"
done
for p in $optional; do
    installed "$p" && continue
    if [ "$(id -u)" -eq 0 ]; then
        missing="$missing $p"
    else
        echo "quickstart: optional package $p is not installed: its test is skipped" >&2
    fi
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "quickstart: missing packages:$missing (run as root or apt-get install them)" >&2
        exit 1
    fi
    echo "quickstart: installing$missing"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

cd "$top"
[ -x configure ] || autoreconf -fi
mkdir -p "$build"
cd "$build"
[ -f Makefile ] || ../configure "$@"
make -j"$(nproc)"
case $what in
    main)  make run-main ;;
    # The tests are MPI jobs of 1 to 8 ranks that mostly wait on one
    # another's messages: at one job per core about half the cores idle
    # (4 ranks on 2 cores), so twice as many jobs run at once; not with
    # Open MPI, whose idle ranks poll.
    check) jobs=$((2 * $(nproc)))
           grep -q '^HETSCAL_MPI_SUFFIX = -openmpi' Makefile && jobs=$(nproc)
           make -j"$jobs" check ;;
    *)     echo "usage: testing/quickstart.sh main|check" >&2; exit 2 ;;
esac
