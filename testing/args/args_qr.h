/* Shared declarations of the bad-argument tester args_pdgeqrf: one PDGEQRF
 * call's arguments and the table of cases that build them and say which
 * INFO ScaLAPACK's contract expects.  Grids come from args.h. */
#ifndef ARGS_QR_H
#define ARGS_QR_H

#include <stddef.h>

#include "args.h"

/* The arguments of one call, and what to put in the matrix. */
struct qr_call {
    int m, n, ia, ja;
    int desc[9];
    int lwork;
    int fill;      /* 1: write the test matrix into the local array */
};

/* QR_VALID: the factor, TAU and WORK(1) are compared with the
 * reference's; QR_UNTOUCHED: a valid call that must not change A or TAU
 * (query, M = 0, N = 0); QR_ERROR: INFO < 0, nothing but WORK(1) may
 * change. */
enum qr_kind { QR_ERROR, QR_VALID, QR_UNTOUCHED };

struct qr_case {
    const char *name;
    enum qr_kind kind;
    /* Builds the call for this process; returns the INFO the contract
     * expects on processes in the grid (same on all of them), or
     * ARGS_SKIP.  Processes outside the grid always expect -602. */
    int (*setup)(struct qr_call *c, const struct args_grid *g);
};

extern const struct qr_case qr_cases[];
extern const size_t qr_ncases;

/* Context of a grid created and exited again: any use of it is -602. */
extern int qr_exited_ctxt;

/* LWMIN = NB_A * (Mp0 + Nq0 + NB_A) of this process (SCALAPACK_CONTRACT.md)
 * for a call whose descriptor is valid; a large value otherwise. */
int qr_lwmin(const struct qr_call *c, const struct args_grid *g);
/* LLD = max(1, LOCr(M_)) where that can be computed. */
void qr_set_lld(struct qr_call *c, const struct args_grid *g);
void qr_base(struct qr_call *c, const struct args_grid *g);
/* Junk everywhere, then the test matrix on the local part of A when the
 * descriptor makes sense on this process. */
void qr_fill(double *a, const struct qr_call *c, const struct args_grid *g);

#endif /* ARGS_QR_H */
