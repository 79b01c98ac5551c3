#!/bin/sh
# A real application with hetscal preloaded: Debian's CP2K (cp2k.psmp,
# package cp2k) computes the DFT energy of 8 water molecules
# (testing/data/cp2k_water8.inp: PBE, DZVP basis, SCF by diagonalization,
# which factors the 184 x 184 overlap matrix with pdpotrf_) on 1 and 2
# ranks, without and with libhetscal preloaded.  Passes when each pair of
# energies agrees to 1e-10 Hartree and hetscal's verbose lines show that
# every rank's PDPOTRF calls went through it (HETSCAL_NB_SMALL=32 makes the
# call several tiles, distributed over the ranks).  Skipped (77) without
# cp2k.psmp or when CP2K's MPI is not the one this build uses (Debian's
# CP2K is built on Open MPI: configure --with-mpi=openmpi).
: "${LAUNCH:?run through make check, or set LAUNCH=testing/launch}"
: "${top_srcdir:=.}"
me=cp2k_np2
cp2k=$(command -v cp2k.psmp) || { echo "$me: no cp2k.psmp (apt-get install cp2k): skipped"; exit 77; }
[ -f "$HETSCAL_LIB" ] || { echo "$me: no shared $HETSCAL_LIB: skipped"; exit 77; }
mpi_of() { ldd "$1" | grep -o 'libmpi[a-z]*\.so\.[0-9]*' | head -1; }
if [ "$(mpi_of "$cp2k")" != "$(mpi_of "$HETSCAL_LIB")" ]; then
    echo "$me: cp2k.psmp uses $(mpi_of "$cp2k"), this build $(mpi_of "$HETSCAL_LIB"): skipped"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hetscal-cp2k.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$top_srcdir/testing/data/cp2k_water8.inp" "$tmp/water8.inp"
cd "$tmp" || exit 1

# energy NP TAG [PRELOAD]: runs CP2K, prints its total energy.
energy() {
    if [ -n "$3" ]; then
        (LD_PRELOAD=$3 HETSCAL_VERBOSE=1 HETSCAL_NB_SMALL=32 \
             "$LAUNCH" "$1" "$cp2k" -i water8.inp -o "$2.out" >"$2.log" 2>&1)
    else
        ("$LAUNCH" "$1" "$cp2k" -i water8.inp -o "$2.out" >"$2.log" 2>&1)
    fi || { echo "$me: $2: cp2k failed" >&2; tail -20 "$2.log" "$2.out" >&2; return 1; }
    awk '/ENERGY\| Total FORCE_EVAL/ { print $NF }' "$2.out"
}

failed=0
for np in 1 2; do
    ref=$(energy $np ref$np) && hs=$(energy $np hs$np "$HETSCAL_LIB") || { failed=1; continue; }
    calls=$(grep -c "^hetscal: pdpotrf rank [0-9]*/$np " hs$np.log)
    ranks=$(grep "^hetscal: pdpotrf rank [0-9]*/$np " hs$np.log | sed 's/ grid.*//' | sort -u | wc -l)
    if [ -z "$ref" ] || [ -z "$hs" ]; then
        echo "$me: np=$np: no energy (reference '$ref', hetscal '$hs')"; failed=1
    elif ! awk -v a="$ref" -v b="$hs" 'BEGIN { d = a - b; exit !(d <= 1e-10 && d >= -1e-10) }'; then
        echo "$me: np=$np: energies differ: reference $ref, hetscal $hs"; failed=1
    elif [ "$ranks" -ne "$np" ]; then
        echo "$me: np=$np: hetscal's PDPOTRF lines from $ranks of $np ranks ($calls lines)"; failed=1
    else
        echo "$me: np=$np: energy $ref (reference) $hs (hetscal), $calls hetscal PDPOTRF lines: PASSED"
        grep -m 1 "^hetscal: pdpotrf rank" hs$np.log
    fi
done
exit $failed
