/* One QR test case: build the distributed matrix, call PDGEQRF with exactly
 * LWMIN workspace, check INFO, WORK(1), the guard zones and the entries it
 * must not touch, then the residuals (the verdict is made global by
 * testing/tester/frame.c). */
#include "config.h"

#include <mpi.h>

#include "qr_case.h"
#include "qr_checks.h"

/* Rows and columns of A after sub(A): their entries must not change. */
#define QR_PAD 2

/* LWMIN = NB_A * (Mp0 + Nq0 + NB_A) of this process, as the contract
 * states it (SCALAPACK_CONTRACT.md, PDGEQRF 3). */
static int lwmin_of(const struct qr_case *c, const struct llt_dist *a)
{
    int iroff = (c->ia - 1) % c->mb, icoff = (c->ja - 1) % c->nb;
    int iarow = (c->rsrc + (c->ia - 1) / c->mb) % a->nprow;
    int iacol = (c->csrc + (c->ja - 1) / c->nb) % a->npcol;
    int mi = c->m + iroff, ni = c->n + icoff;
    int mp0 = numroc_(&mi, &c->mb, &a->myrow, &iarow, &a->nprow);
    int nq0 = numroc_(&ni, &c->nb, &a->mycol, &iacol, &a->npcol);
    return c->nb * (mp0 + nq0 + c->nb);
}

static void check_residuals(const struct qr_case *c,
                            const struct qr_problem *pb,
                            const struct llt_dist *a, const double *tau,
                            struct tester_local *r)
{
    struct llt_dist a0;

    if (llt_dist_create(&a0, a->desc[CTXT_], a->desc[M_], a->desc[N_],
                        c->mb, c->nb, c->rsrc, c->csrc) != 0)
        return;
    qr_problem_fill(pb, &a0);
    r->resid[QR_RESID_FACTOR] = qr_factor_residual(pb, &a0, a, tau);
    r->resid[QR_RESID_ORTH] = qr_orth_residual(pb, a, tau);
    r->resid[QR_RESID_LS] = qr_ls_residual(pb, &a0);
    r->resid[QR_RESID_CMP] = qr_compare(pb, &a0, a, tau, c->reference);
    llt_dist_destroy(&a0);
}

void qr_run_on_grid(void *case_, uint64_t seed, int context,
                    struct tester_local *r)
{
    struct qr_case *c = case_;
    struct qr_problem pb;
    struct llt_dist a;
    struct qr_vec tau, work;
    int m = c->ia - 1 + c->m + QR_PAD, n = c->ja - 1 + c->n + QR_PAD;
    int info = -1, lwmin;
    double t0;

    c->seed = seed;
    qr_problem_init(&pb, c->m, c->n, c->ia, c->ja, c->seed);
    if (llt_dist_create(&a, context, m, n, c->mb, c->nb, c->rsrc, c->csrc) !=
        0)
        return;
    lwmin = lwmin_of(c, &a);
    if (qr_tau_create(&tau, &a, &pb) != 0) {
        llt_dist_destroy(&a);
        return;
    }
    if (qr_work_create(&work, (size_t)lwmin) != 0) {
        qr_vec_destroy(&tau);
        llt_dist_destroy(&a);
        return;
    }
    r->setup_ok = 1;
    qr_problem_fill(&pb, &a);

    Cblacs_barrier(context, "All");
    t0 = MPI_Wtime();
    pdgeqrf_(&c->m, &c->n, a.a, &c->ia, &c->ja, a.desc, tau.v, work.v,
             &lwmin, &info);
    r->seconds = MPI_Wtime() - t0;

    r->info = info;
    r->info_ok = info == 0;
    r->own_ok = work.v[0] == (double)lwmin;
    r->damaged_guards = llt_dist_damaged_guards(&a) +
                        qr_vec_damaged_guards(&tau) +
                        qr_vec_damaged_guards(&work);
    r->changed_outside = qr_problem_changed_outside(&pb, &a) +
                         qr_tau_changed_outside(&tau, &a, &pb);
    /* The checks are collective: every process of the grid must take the
     * same branch even when a faulty library returns different INFOs. */
    if (tester_ranks_with_nonzero_info(context, info) == 0)
        check_residuals(c, &pb, &a, tau.v, r);
    qr_vec_destroy(&work);
    qr_vec_destroy(&tau);
    llt_dist_destroy(&a);
}

int qr_residuals_ok(const void *case_, const struct tester_outcome *o)
{
    const struct qr_case *c = case_;
    for (int i = QR_RESID_FACTOR; i <= QR_RESID_CMP; i++)
        if (!tester_residual_ok(o->resid[i], c->thresh))
            return 0;
    return 1;
}
