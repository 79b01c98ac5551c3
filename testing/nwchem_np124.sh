#!/bin/sh
# A real application on MPICH with hetscal preloaded: Debian's NWChem
# (nwchem.mpich, package nwchem-mpich) computes the B3LYP energy of water
# with a Coulomb-fitting basis (testing/data/nwchem_water_cd.nw), whose
# 74 x 74 fitting metric it factors with pdpotrf_ and then inverts with
# the reference's pdpotri_ on that factor.  The reference runs on 1 and 2
# ranks; hetscal (HETSCAL_NB_SMALL=16: several tiles over the ranks) on
# 1, 2 and 4 ranks (Global Arrays' grids 1x1, 1x2, 1x4), and on 2 ranks
# with 2 emulated GPUs each holding GPU panels.  Passes when each energy
# agrees with the reference's on as many ranks (4 ranks: on 2; the input
# converges the SCF far enough that the energy does not depend on the
# ranks) to 1e-10 Hartree, and every rank's PDPOTRF calls went through
# hetscal.  4 ranks on 2 cores take NWChem about 40 s, hence one such run.
# Skipped (77) without nwchem.mpich or when its MPI is not this build's.
me=nwchem_np124
. "${top_srcdir:-.}/testing/apps/app_frame.sh"
app_setup nwchem-mpich nwchem.mpich
cp "$top_srcdir/testing/data/nwchem_water_cd.nw" water.nw

# Debian's Global Arrays (ARMCI over MPI-3 one-sided) computes wrong SCF
# energies on several MPICH 4.0 ranks when its windows come from
# MPI_Win_allocate, with or without hetscal: plain MPI_Win_create.
ARMCI_USE_WIN_ALLOCATE=0
export ARMCI_USE_WIN_ALLOCATE

app_command() { "$LAUNCH" "$1" "$app" water.nw; }
app_energy() { awk '/Total DFT energy =/ { print $NF }' "$1.log"; }

tol=1e-10 failed=0
ref1=$(app_run 1 ref1) && ref2=$(app_run 2 ref2) || exit 1
for np in 1 2 4; do
    ref=$ref2
    [ $np -eq 1 ] && ref=$ref1
    hs=$(app_run $np hs$np HETSCAL_NB_SMALL=16) &&
        app_compare $np pdpotrf "$ref" "$hs" hs$np $tol || failed=1
done
hs=$(app_run 2 emu2 HETSCAL_DEVICES=emu:2 HETSCAL_NB_SMALL=8 HETSCAL_NB_GPU=24) &&
    app_compare 2 pdpotrf "$ref2" "$hs" emu2 $tol || failed=1
if [ $failed -eq 0 ] && ! grep -q "gpu_tasks=[1-9]" emu2.log; then
    echo "$me: emu2: no PDPOTRF task ran on the emulated GPUs"
    failed=1
fi
exit $failed
