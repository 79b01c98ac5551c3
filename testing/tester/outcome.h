/* One case's results: what each process found (tester_local) and, after
 * the reduction over MPI_COMM_WORLD, what every rank reports
 * (tester_outcome): INFO's range, the setup, the tester's own flag, guard
 * and outside-entry counts, the slowest time and rank 0's residuals. */
#ifndef TESTER_OUTCOME_H
#define TESTER_OUTCOME_H

#define TESTER_MAX_RESID 4

struct tester_local {
    double seconds, resid[TESTER_MAX_RESID];
    int info, info_ok, setup_ok;
    int own_ok;             /* the tester's own flag (xqr: WORK(1)) */
    long damaged_guards, changed_outside;
};

struct tester_outcome {
    double seconds;         /* slowest rank's time in the routine */
    double resid[TESTER_MAX_RESID]; /* the tester's residuals, by index */
    int info_min, info_max; /* INFO over the processes of the grid */
    int info_ok;            /* INFO as expected on every process */
    int setup_ok;           /* every process could allocate its arrays */
    int own_ok;             /* the tester's own flag on every process */
    long damaged_guards;    /* summed over the processes */
    long changed_outside;   /* entries the routine must not change */
    int passed;             /* set by the tester */
};

/* Every flag up, residuals NaN; SETUP_OK down on processes of the grid
 * (CONTEXT >= 0) until their arrays exist. */
void tester_local_init(struct tester_local *r, int context);
/* Collective over MPI_COMM_WORLD: the outcome of the case from each
 * process's R (CONTEXT < 0 outside the grid).  Process (0,0) is world rank
 * 0: its residuals are the global ones. */
void tester_reduce(const struct tester_local *r, int context,
                   struct tester_outcome *out);
/* Whether every flag is up and no guard or outside entry changed. */
int tester_outcome_clean(const struct tester_outcome *o);
/* Collective over the grid: how many processes got INFO != 0. */
int tester_ranks_with_nonzero_info(int context, int info);

#endif /* TESTER_OUTCOME_H */
