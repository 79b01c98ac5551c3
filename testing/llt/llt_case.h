/* One test case of the tester: factor one matrix on one grid and check
 * everything (llt_case.c), and the lines printed about it (llt_report.c). */
#ifndef LLT_CASE_H
#define LLT_CASE_H

#include <stdint.h>

#include "llt_input.h"
#include "testing/tester/outcome.h"

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

/* The residuals of an outcome (testing/tester/outcome.h); its
 * changed_outside counts the entries outside the factor triangle. */
enum {
    LLT_RESID_FACTOR,       /* ||A - LL^T|| / (||A|| N eps) */
    LLT_RESID_SOLVE         /* worst solve residual over the NRHS/NBRHS */
};

/* Runs case C (a struct llt_case) with SEED on grid CONTEXT, on the
 * processes of the grid, into R; collective over the grid. */
void llt_run_on_grid(void *c, uint64_t seed, int context,
                     struct tester_local *r);
/* Whether the residuals of O pass C's threshold (not computed, and not
 * judged, for a non-SPD case). */
int llt_residuals_ok(const void *c, const struct tester_outcome *o);

void llt_report_header(int nprocs);
void llt_report_section(const void *in);
void llt_report_case(const void *c, const struct tester_outcome *o);

#endif /* LLT_CASE_H */
