/* HETSCAL_SUMMARY: counters of every call of the entry points, per routine
 * and precision, kept on each rank and printed at MPI_Finalize as one
 * table for the whole run by rank 0 of MPI_COMM_WORLD (api/mpi_finalize.c
 * calls hs_run_summary_at_finalize).  A call on a grid is counted by its
 * position (0,0) only, so that the sums over the ranks count each
 * collective call once. */
#ifndef HETSCAL_API_RUN_SUMMARY_H
#define HETSCAL_API_RUN_SUMMARY_H

/* How a call ended. */
enum hs_summary_way {
    HS_SUMMARY_QUICK,       /* bad arguments, a quick return or a query */
    HS_SUMMARY_RAN,         /* hetscal's runtime ran it */
    HS_SUMMARY_FORWARDED    /* handed to the next ScaLAPACK (HETSCAL_DISABLE, or
                               no memory for the tiles) */
};

/* One call of the routine of `family` ("potrf", "geqrf", "getrf") in
 * precision prec (enum hs_precision), N = n, that ended `way` with INFO =
 * info after `seconds` inside hetscal; flops: the standard count of the
 * factorization (complex counted 4 times).  Thread-safe: one lock per
 * call. */
void hs_run_summary_count(const char *family, int prec, int n, double flops, double seconds,
                          enum hs_summary_way way, int info);

/* The kernel flops of one call's tasks that this rank ran, and of those
 * it ran on GPUs (the cost model's counts, hs_call_report): every rank
 * adds its own, so that the table's GPU share is the grid's. */
void hs_run_summary_flops(const char *family, int prec, double task_flops,
                          double device_flops);

/* Whether HETSCAL_SUMMARY=1 or HETSCAL_VERBOSE=summary asks for the
 * table (any other HETSCAL_SUMMARY is reported under HETSCAL_VERBOSE and
 * asks for none). */
int hs_run_summary_wanted(void);

/* A grid's agreed answer (rank (0,0)'s hs_run_summary_wanted, through
 * hs_config_agree): from then on this rank takes part in the table, or
 * not, as its grid does, whatever its own environment says. */
void hs_run_summary_agreed(int wanted);

/* When wanted (the last agreed answer; the rank's own environment if it
 * never called hetscal): the counters summed (largest N: the maximum)
 * over MPI_COMM_WORLD, collectively, and the table printed by its rank 0
 * on standard error.  Ranks that never share a grid must want it alike.
 * Called from MPI_Finalize, before MPI's own. */
void hs_run_summary_at_finalize(void);

#endif
