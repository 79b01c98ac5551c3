# HETSCAL_SUMMARY's table at MPI_Finalize (api/run_summary.c,
# api/mpi_finalize.c), on compat.mk's and lu_compat.mk's Fortran callers.
TESTS += testing/summary_np2.sh
EXTRA_DIST += testing/summary_np2.sh
