#!/bin/sh
# cmake_package_np1.sh: hetscal's CMake package as a user meets it.  The
# build is installed (make install DESTDIR=, into a temporary directory:
# make distcheck's prefix is not ours to fill), testing/cmake/'s project
# finds it with find_package(hetscal), builds its C and Fortran callers of
# PDPOTRF with the plain compilers (MPI, ScaLAPACK and BLAS come with the
# imported target) and runs each on 1 rank with HETSCAL_VERBOSE=1.  Passes
# when both print PASSED, exit 0 and hetscal's verbose line shows that its
# PDPOTRF ran, not the reference's.  Skipped (77) without cmake.
command -v cmake > /dev/null 2>&1 ||
    { echo "cmake_package: no cmake (apt-get install cmake): skipped"; exit 77; }
lib=${HETSCAL_LIB:?run through make check, or set HETSCAL_LIB}
# libhetscal.so -> hetscal::hetscal, libhetscal-openmpi.so -> hetscal::hetscal-openmpi
name=$(basename "$lib" .so)
target=hetscal::${name#lib}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-cmake.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "cmake_package: FAILED: $1"
    [ -f "$2" ] && tail -n 40 "$2"
    exit 1
}

# make check's MAKEFLAGS (its jobserver, its TESTS=...) are not this make's.
(cd "$top_builddir" && unset MAKEFLAGS MFLAGS MAKELEVEL &&
    ${MAKE:-make} install DESTDIR="$tmp/stage") > "$tmp/install.log" 2>&1 ||
    fail "make install DESTDIR=$tmp/stage" "$tmp/install.log"
config=$(find "$tmp/stage" -name hetscalConfig.cmake)
[ -n "$config" ] || fail "make install put no hetscalConfig.cmake under $tmp/stage"
for f in hetscalConfigVersion.cmake "${name#lib}-targets.cmake"; do
    [ -f "$(dirname "$config")/$f" ] || fail "make install put no $f next to $config"
done
echo "cmake_package: installed $config"

cmake -S "$top_srcdir/testing/cmake" -B "$tmp/build" \
    -Dhetscal_DIR="$(dirname "$config")" -DHETSCAL_TARGET="$target" \
    > "$tmp/cmake.log" 2>&1 || fail "cmake (find_package(hetscal), $target)" "$tmp/cmake.log"
cmake --build "$tmp/build" > "$tmp/build.log" 2>&1 ||
    fail "cmake --build of the C and Fortran callers" "$tmp/build.log"

status=0
HETSCAL_VERBOSE=1
export HETSCAL_VERBOSE
for prog in pdpotrf_c pdpotrf_f; do
    out=$($LAUNCH 1 "$tmp/build/$prog" 2> "$tmp/$prog.err")
    rc=$?
    echo "$out"
    bad=
    [ "$rc" -eq 0 ] || bad="$bad; exit status $rc"
    echo "$out" | grep -q "^$prog: .*PASSED$" || bad="$bad; no PASSED line"
    grep -q "^hetscal: pdpotrf rank 0/1 " "$tmp/$prog.err" ||
        bad="$bad; no 'hetscal: pdpotrf' verbose line: the reference PDPOTRF ran"
    if [ -n "$bad" ]; then
        echo "cmake_package: $prog ($target) FAILED$bad"
        tail -n 20 "$tmp/$prog.err"
        status=1
    else
        echo "cmake_package: $prog ($target) PASSED"
    fi
done
exit $status
