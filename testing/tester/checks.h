/* What the testers' residual checks share: the unit roundoff, the pass
 * test with its NaN trap, PDLANGE with its own workspace, and a new matrix
 * laid out like another. */
#ifndef TESTER_CHECKS_H
#define TESTER_CHECKS_H

#include <stddef.h>

#include "testing/llt/llt_matrix.h"

/* Unit roundoff, as LAPACK's DLAMCH('E'). */
double tester_eps(void);
/* The pass test, with a NaN trap: false for NaN, infinities, negatives. */
int tester_residual_ok(double resid, double thresh);
/* PDLANGE(NORM) of the M x N submatrix at (IA, JA), with WORKLEN entries
 * of workspace; -1 when memory runs out. */
double tester_norm(const char *norm, int m, int n, const double *a, int ia,
                   int ja, const int *desc, size_t worklen);
/* D as MODEL's layout (llt_dist_create's result). */
int tester_dist_like(struct llt_dist *d, const struct llt_dist *model);

#endif /* TESTER_CHECKS_H */
