/* One test case of the tester: factor one matrix on one grid and check
 * everything (llt_case.c), and the lines printed about it (llt_report.c). */
#ifndef LLT_CASE_H
#define LLT_CASE_H

#include <stdint.h>

#include "llt_input.h"

struct llt_case {
    int n, nb, p, q;
    int ia, ja, rsrc, csrc;
    char uplo;
    int bad_pivot;          /* 0: SPD; K > 0: INFO must come back as K */
    int nnrhs;              /* right-hand side counts and blocks to solve */
    const int *nrhs, *nbrhs;
    int nnbrhs;
    double thresh;
    uint64_t seed;
};

struct llt_outcome {
    double seconds;         /* slowest rank's time in PDPOTRF */
    double resid_factor;    /* ||A - LL^T|| / (||A|| N eps) */
    double resid_solve;     /* worst solve residual over the NRHS/NBRHS */
    int info_min, info_max; /* INFO over the processes of the grid */
    int info_ok;            /* INFO as expected on every process */
    long damaged_guards;    /* summed over the processes */
    long changed_outside;   /* entries outside the factor triangle changed */
    int passed;
};

/* Runs C on grid CONTEXT (-1 on processes outside the grid, which only
 * join the final reductions).  Collective over MPI_COMM_WORLD. */
void llt_run_case(const struct llt_case *c, int context,
                  struct llt_outcome *out);

void llt_report_header(int nprocs);
void llt_report_section(const struct llt_input *in);
void llt_report_case(const struct llt_case *c, const struct llt_outcome *o);
void llt_report_summary(int passed, int failed, int skipped_grid,
                        int skipped_illegal, int nprocs);

#endif /* LLT_CASE_H */
