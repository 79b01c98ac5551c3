# Sourced by testing/launch and testing/mpmd/run_mpmd.sh: what the MPI
# launcher $MPIEXEC needs to run a test here.  Open MPI's mpiexec refuses
# to start as root and to place more ranks than cores (4 ranks on 2 cores)
# unless told; its ranks then yield the core while they wait.  MPICH's
# needs nothing (its idle polling is handled by libidlesleep).
# hetscal_open_mpi is set for Open MPI's launcher.
hetscal_open_mpi=
case $("$MPIEXEC" --version 2>&1) in
*"Open MPI"* | *OpenRTE*)
    hetscal_open_mpi=1
    if [ "$(id -u)" = 0 ]; then
        OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
        export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
    fi
    OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1
    export OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_mpi_yield_when_idle
    ;;
esac
