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
me=cp2k_np2
. "${top_srcdir:-.}/testing/apps/app_frame.sh"
app_setup cp2k cp2k.psmp
cp "$top_srcdir/testing/data/cp2k_water8.inp" water8.inp

app_command() { "$LAUNCH" "$1" "$app" -i water8.inp -o "$2.out"; }
app_energy() { awk '/ENERGY\| Total FORCE_EVAL/ { print $NF }' "$1.out"; }

failed=0
for np in 1 2; do
    ref=$(app_run $np ref$np) && hs=$(app_run $np hs$np HETSCAL_NB_SMALL=32) &&
        app_compare $np pdpotrf "$ref" "$hs" hs$np 1e-10 || failed=1
done
exit $failed
