# HETSCAL_SUMMARY's table at MPI_Finalize (api/run_summary.c,
# api/mpi_finalize.c), on the Fortran callers, xllt and args_potrf.
TESTS += testing/summary_np2.sh
EXTRA_DIST += testing/summary_np2.sh testing/data/llt_summary_1x1.dat
