/* One test case of the QR tester: factor one matrix on one grid with the
 * P?GEQRF under test in one precision and check everything (qr_case.c,
 * qr_case_body.h), and the lines printed about it (qr_report.c). */
#ifndef QR_CASE_H
#define QR_CASE_H

#include <stdint.h>

#include "qr_input.h"
#include "testing/tester/outcome.h"
#include "testing/tester/reference.h"

struct qr_case {
    const struct tester_prec *prec;
    int m, n, mb, nb, p, q;
    int ia, ja, rsrc, csrc;
    double thresh;
    uint64_t seed;
    tester_fn *reference;   /* the reference P?GEQRF, for the comparison */
};

/* The residuals of an outcome (testing/tester/outcome.h).  Its info_ok
 * means INFO = 0 on every process, own_ok WORK(1) = LWMIN on every
 * process; damaged_guards counts around A, TAU, WORK and in A's LLD
 * padding, changed_outside in A outside sub(A) and in TAU outside its
 * columns. */
enum {
    QR_RESID_FACTOR,        /* ||A - QR|| / (||A|| max(M,N) eps) */
    QR_RESID_ORTH,          /* ||I - Q^H Q|| / (max(M,N) eps) */
    QR_RESID_LS,            /* P?GELS: solution error / optimality */
    QR_RESID_CMP            /* R, V, TAU against the reference's */
};

/* qr_residuals_ok: all four of them. */
TESTER_CASE_FUNCTIONS(qr);

void qr_report_header(int nprocs, const struct tester_prec *prec,
                      const char *provider);
void qr_report_calls(const struct tester_prec *prec, long calls);

#endif /* QR_CASE_H */
