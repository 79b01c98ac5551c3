/* Residual checks of a computed Cholesky factor, with PBLAS and the
 * reference solver only, on the caller's distribution (llt_checks.c). */
#ifndef LLT_CHECKS_H
#define LLT_CHECKS_H

#include "llt_matrix.h"
#include "testing/tester/checks.h"

/* Unit roundoff and the pass test with its NaN trap: the testers' own
 * (testing/tester/checks.h), under the names the timer uses. */
static inline double llt_eps(void)
{
    return tester_eps();
}

static inline int llt_residual_ok(double resid, double thresh)
{
    return tester_residual_ok(resid, thresh);
}

/* ||sub(A) - L L^T||_1 / (||sub(A)||_1 N eps) for uplo L, with U^T U for
 * uplo U.  A0 holds sub(A) with both triangles (LLT_FILL_FULL), FACTOR the
 * output of PDPOTRF; both are distributed alike.  Returns a negative value
 * when memory runs out (NaN when the factor holds one). */
double llt_factor_residual(const struct llt_problem *pb,
                           const struct llt_dist *a0,
                           const struct llt_dist *factor);

/* Solves A X = B with the reference PDPOTRS on FACTOR, for NRHS random
 * right-hand sides in column blocks of NBRHS, and returns
 * ||B - A X||_inf / (||A||_inf ||X||_inf N eps); negative when PDPOTRS
 * failed or memory ran out. */
double llt_solve_residual(const struct llt_problem *pb,
                          const struct llt_dist *a0,
                          const struct llt_dist *factor, int nrhs,
                          int nbrhs);

#endif /* LLT_CHECKS_H */
