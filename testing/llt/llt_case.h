/* One test case of the P?POTRF tester: factor one matrix on one grid in
 * one precision and check everything (llt_case.c, llt_case_body.h), and
 * the lines printed about it (llt_report.c). */
#ifndef LLT_CASE_H
#define LLT_CASE_H

#include <stdint.h>

#include "llt_input.h"
#include "llt_problem.h"
#include "testing/tester/outcome.h"
#include "testing/tester/reference.h"
#include "testing/tester/rhs.h"

struct llt_case {
    const struct tester_prec *prec;
    int n, nb, p, q;
    int ia, ja, rsrc, csrc;
    char uplo;
    int special;            /* an enum llt_special */
    int pivot;              /* LLT_NOT_SPD, LLT_NAN_PIVOT: the bad diagonal
                             * entry; INFO must come back as PIVOT */
    const struct tester_rhs *rhs; /* right-hand side counts and blocks
                                   * to solve */
    double thresh;
    uint64_t seed;
    tester_fn *reference;   /* the reference P?POTRF (LLT_IMAG_DIAG and
                             * LLT_NAN_PIVOT), run on the same input */
    int ref_info;           /* the INFO it returned (rank 0's) */
};

/* The residuals of an outcome (testing/tester/outcome.h); its
 * changed_outside counts the entries outside the factor triangle, its
 * own_ok (complex) means that the factor's diagonal is real. */
enum {
    LLT_RESID_FACTOR,       /* ||A - LL^H|| / (||A|| N eps) */
    LLT_RESID_SOLVE,        /* worst solve residual over the NRHS/NBRHS */
    LLT_RESID_CMP           /* LLT_IMAG_DIAG: the factor against the
                             * reference's, max |difference| / (max |L| N
                             * eps) */
};

/* llt_residuals_ok: not computed, and not judged, for a case where
 * INFO > 0 is expected. */
TESTER_CASE_FUNCTIONS(llt);

void llt_report_header(int nprocs, const struct tester_prec *prec);

#endif /* LLT_CASE_H */
