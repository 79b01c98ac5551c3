/* The QR tester's checks, all with the reference ScaLAPACK: the factor
 * residual with PDORMQR, the orthogonality of Q with PDORGQR, a
 * least-squares solve with PDGELS (which calls the PDGEQRF under test when
 * M >= N), and the comparison with the reference PDGEQRF's own R, V and
 * TAU.  Each returns a scaled residual, -1 when it could not be computed;
 * a NaN passes through. */
#ifndef QR_CHECKS_H
#define QR_CHECKS_H

#include "qr_problem.h"
#include "qr_scalapack.h"
#include "testing/tester/checks.h"

/* ||A - Q R||_1 / (||A||_1 eps max(M,N)), Q R rebuilt by PDORMQR. */
double qr_factor_residual(const struct qr_problem *pb,
                          const struct llt_dist *a0,
                          const struct llt_dist *factor, const double *tau);
/* ||I - Q^T Q||_1 / (eps max(M,N)), Q (M x MIN(M,N)) from PDORGQR. */
double qr_orth_residual(const struct qr_problem *pb,
                        const struct llt_dist *factor, const double *tau);
/* PDGELS on two right-hand sides.  M >= N: b1 = A x1 (the error
 * ||x - x1||_1 / (||x1||_1 eps max(M,N))) and a random b2 (optimality:
 * ||A^T (b2 - A x)||_1 / (||A||_1 ||b2||_1 eps max(M,N))).  M < N:
 * b = A A^T y, whose minimum-norm solution is A^T y (same error measure).
 * Returns the worst. */
double qr_ls_residual(const struct qr_problem *pb, const struct llt_dist *a0);
/* The reference PDGEQRF on A0: max(|dR| / max|R|, |dV| / max(1, max|V|),
 * |dTAU|) / (eps max(M,N)), maxima over the entries of sub(A) and TAU. */
double qr_compare(const struct qr_problem *pb, const struct llt_dist *a0,
                  const struct llt_dist *factor, const double *tau,
                  pdgeqrf_fn *reference);

#endif /* QR_CHECKS_H */
