/* P?GEQRF's part of the bad-argument tester args_geqrf: its base call,
 * sub(A) and LWMIN (args_geqrf.c) and its table of cases
 * (args_qr_cases.c). */
#ifndef ARGS_QR_H
#define ARGS_QR_H

#include <stddef.h>

#include "args.h"

/* LWMIN = NB_A * (Mp0 + Nq0 + NB_A) of this process (SCALAPACK_CONTRACT.md)
 * for a call whose descriptor is valid; a large value otherwise.  The
 * same in every precision, counted in elements of WORK. */
int qr_lwmin(const struct args_call *c, const struct args_grid *g);
/* sub(A) = A(IA:IA+M-1, JA:JA+N-1), LWORK = LWMIN for it. */
void qr_sub(struct args_call *c, const struct args_grid *g, int m, int n,
            int ia, int ja);
/* 13 x 11 matrix in 2 x 2 blocks, sub(A) = A(4:11, 2:7), LWORK = LWMIN. */
void qr_base(struct args_call *c, const struct args_grid *g);

extern const struct args_case qr_cases[];

#endif /* ARGS_QR_H */
