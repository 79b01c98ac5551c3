/* What the testers' residual checks share (and the timer uses): the pass
 * test with its NaN trap, the worse of two residuals, the larger and the
 * smaller of two sizes, and the BLACS grid reductions
 * (testing/tester/scalapack.h). */
#ifndef TESTER_CHECKS_H
#define TESTER_CHECKS_H

#include "testing/tester/scalapack.h"

/* The pass test, with a NaN trap: false for NaN, infinities, negatives. */
int tester_residual_ok(double resid, double thresh);
/* The worse of two residuals; a failed one (negative or NaN) wins. */
double tester_worse(double current, double next);
/* The larger and the smaller of A and B: max(M,N), MIN(M,N). */
int tester_max_int(int a, int b);
int tester_min_int(int a, int b);

#endif /* TESTER_CHECKS_H */
