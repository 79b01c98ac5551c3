/* One test case of the QR tester: factor one matrix on one grid with the
 * PDGEQRF under test and check everything (qr_case.c), and the lines
 * printed about it (qr_report.c). */
#ifndef QR_CASE_H
#define QR_CASE_H

#include <stdint.h>

#include "qr_input.h"
#include "qr_scalapack.h"

struct qr_case {
    int m, n, mb, nb, p, q;
    int ia, ja, rsrc, csrc;
    double thresh;
    uint64_t seed;
    pdgeqrf_fn *reference;  /* the reference PDGEQRF, for the comparison */
};

struct qr_outcome {
    double seconds;         /* slowest rank's time in PDGEQRF */
    double resid_factor;    /* ||A - QR|| / (||A|| max(M,N) eps) */
    double resid_orth;      /* ||I - Q^T Q|| / (max(M,N) eps) */
    double resid_ls;        /* PDGELS: solution error / optimality */
    double resid_cmp;       /* R, V, TAU against the reference's */
    int info_min, info_max; /* INFO over the processes of the grid */
    int info_ok;            /* INFO = 0 on every process */
    int work_ok;            /* WORK(1) = LWMIN on every process */
    long damaged_guards;    /* around A, TAU, WORK; A's LLD padding */
    long changed_outside;   /* A outside sub(A), TAU outside its columns */
    int passed;
};

/* Runs C on grid CONTEXT (-1 on processes outside the grid, which only
 * join the final reductions).  Collective over MPI_COMM_WORLD. */
void qr_run_case(const struct qr_case *c, int context,
                 struct qr_outcome *out);

void qr_report_header(int nprocs, const char *provider);
void qr_report_section(const struct qr_input *in);
void qr_report_case(const struct qr_case *c, const struct qr_outcome *o);
void qr_report_summary(int passed, int failed, int skipped_grid,
                       int skipped_illegal, int nprocs, long calls);

#endif /* QR_CASE_H */
