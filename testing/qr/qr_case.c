/* One QR test case: the precision's instantiation of qr_case_body.h runs
 * it (build the matrix, call P?GEQRF with exactly LWMIN workspace, check
 * INFO, WORK(1), guards, untouched entries, residuals); LWMIN and the
 * verdict on the residuals are the same in every precision.  The
 * residuals are made global by testing/tester/frame.c. */
#include "config.h"

#include <math.h>
#include <mpi.h>

#include "qr_case.h"
#include "qr_problem.h"
#include "testing/tester/checks.h"

/* Rows and columns of A after sub(A): their entries must not change. */
#define QR_PAD 2

/* LWMIN = NB_A * (Mp0 + Nq0 + NB_A) of this process, as the contract
 * states it (SCALAPACK_CONTRACT.md, PDGEQRF 3), in every precision. */
static int lwmin_of(const struct qr_case *c, const struct tester_dist *a)
{
    int iroff = (c->ia - 1) % c->mb, icoff = (c->ja - 1) % c->nb;
    int iarow = (c->rsrc + (c->ia - 1) / c->mb) % a->nprow;
    int iacol = (c->csrc + (c->ja - 1) / c->nb) % a->npcol;
    int mi = c->m + iroff, ni = c->n + icoff;
    int mp0 = numroc_(&mi, &c->mb, &a->myrow, &iarow, &a->nprow);
    int nq0 = numroc_(&ni, &c->nb, &a->mycol, &iacol, &a->npcol);
    return c->nb * (mp0 + nq0 + c->nb);
}

#define TX_BODY "testing/qr/qr_case_body.h"
#include "testing/tester/tx_instantiate.h"

tester_run_fn *const qr_run_by_prec[TESTER_NPREC] =
    TESTER_BY_PREC(qr_run);

int qr_residuals_ok(const void *case_, const struct tester_outcome *o)
{
    const struct qr_case *c = case_;
    for (int i = QR_RESID_FACTOR; i <= QR_RESID_CMP; i++)
        if (!tester_residual_ok(o->resid[i], c->thresh))
            return 0;
    return 1;
}
