/* One test case of the LU tester: factor one matrix on one grid with the
 * P?GETRF under test in one precision, factor the same matrix with the
 * reference P?GETRF, and check everything (lu_case.c, lu_case_body.h);
 * and the lines printed about it (lu_report.c). */
#ifndef LU_CASE_H
#define LU_CASE_H

#include <stdint.h>

#include "lu_input.h"
#include "testing/tester/outcome.h"
#include "testing/tester/reference.h"
#include "testing/tester/rhs.h"

/* Rows and columns of A after an offset sub(A): their entries must not
 * change.  Without offsets, sub(A) is the whole of A, as for most
 * callers. */
#define LU_PAD 2

struct lu_case {
    const struct tester_prec *prec;
    int m, n, nb, p, q;         /* MB = NB */
    int ia, ja, rsrc, csrc;
    int pad;                    /* 0 or LU_PAD */
    char kind;                  /* a letter of LU_KIND_LETTERS */
    int zero_pivot;             /* the INFO the kind expects; 0 when A
                                 * has one row (M_A = 1), where ScaLAPACK
                                 * returns at once */
    const struct tester_rhs *rhs; /* right-hand sides to solve (M = N,
                                   * 'G') */
    double thresh;
    uint64_t seed;
    tester_fn *reference;       /* the reference P?GETRF */
    int ref_info;               /* the INFO it returned (rank 0's) */
};

/* The residuals of an outcome (testing/tester/outcome.h).  Its info_ok
 * means INFO = the reference's INFO = the kind's zero pivot (0 for 'G')
 * on every process; damaged_guards counts around A and IPIV and in A's
 * LLD padding, changed_outside the entries of A outside sub(A). */
enum {
    LU_RESID_FACTOR,    /* ||A - P L U||_1 / (||A||_1 max(M,N) eps) */
    LU_RESID_SOLVE,     /* worst solve residual with the reference
                         * P?GETRS over the NRHS/NBRHS (M = N, 'G') */
    LU_RESID_PIV,       /* IPIV entries of rows IA..IA+MIN(M,N)-1 that
                         * differ from the reference's, all processes */
    LU_RESID_IPIV       /* entries of the whole IPIV arrays that differ */
};

/* lu_residuals_ok: and no pivot differs. */
TESTER_CASE_FUNCTIONS(lu);
/* Whether case C solves systems (square, and random: kind 'G'). */
int lu_case_solves(const struct lu_case *c);

void lu_report_header(int nprocs, const struct tester_prec *prec,
                      const char *provider);
void lu_report_calls(const struct tester_prec *prec, long calls);

#endif /* LU_CASE_H */
