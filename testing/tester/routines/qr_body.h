/* Template body (testing/tester/tx_instantiate.h, from qr.c): one QR case
 * in one precision: build the distributed matrix, call the P?GEQRF under
 * test with exactly LWMIN workspace, check INFO, WORK(1), the guard zones
 * and the entries it must not touch, then the residuals (the verdict is
 * made global by testing/tester/frame.c). */
#include "testing/tester/dist_body.h"
#include "qr_problem_body.h"
#include "qr_checks_body.h"

static void TX_SFX(check_residuals)(const struct tester_case *c,
                                    const struct qr_problem *pb,
                                    const struct tester_dist *a,
                                    const TX_T *tau, struct tester_local *r)
{
    struct tester_dist a0;

    if (TX_SFX(dist_create)(&a0, a->desc[CTXT_], a->desc[M_], a->desc[N_],
                            c->mb, c->nb, c->rsrc, c->csrc) != 0)
        return;
    TX_SFX(qr_problem_fill)(pb, &a0);
    r->resid[QR_RESID_FACTOR] = TX_SFX(qr_factor_residual)(pb, &a0, a, tau);
    r->resid[QR_RESID_ORTH] = TX_SFX(qr_orth_residual)(pb, a, tau);
    r->resid[QR_RESID_LS] = TX_SFX(qr_ls_residual)(pb, &a0);
    r->resid[QR_RESID_CMP] =
        TX_SFX(qr_compare)(pb, &a0, a, tau, c->reference);
    tester_dist_destroy(&a0);
}

static void TX_SFX(qr_run)(struct tester_case *c, uint64_t seed,
                           int context, struct tester_local *r)
{
    struct qr_problem pb;
    struct tester_dist a;
    struct qr_vec tau, work;
    int m = c->ia - 1 + c->m + c->pad, n = c->ja - 1 + c->n + c->pad;
    int info = -1, lwmin;
    double t0;

    c->seed = seed;
    qr_problem_init(&pb, c->m, c->n, c->ia, c->ja, c->seed);
    if (TX_SFX(dist_create)(&a, context, m, n, c->mb, c->nb, c->rsrc,
                            c->csrc) != 0)
        return;
    lwmin = lwmin_of(c, &a);
    if (TX_SFX(qr_tau_create)(&tau, &a, &pb) != 0) {
        tester_dist_destroy(&a);
        return;
    }
    if (TX_SFX(qr_work_create)(&work, (size_t)lwmin) != 0) {
        qr_vec_destroy(&tau);
        tester_dist_destroy(&a);
        return;
    }
    r->setup_ok = 1;
    TX_SFX(qr_problem_fill)(&pb, &a);

    Cblacs_barrier(context, "All");
    t0 = MPI_Wtime();
    TX_PB(geqrf)(&c->m, &c->n, a.a, &c->ia, &c->ja, a.desc, tau.v, work.v,
                 &lwmin, &info);
    r->seconds = MPI_Wtime() - t0;

    r->info = info;
    r->info_ok = info == 0;
    /* WORK(1) = LWMIN, with a zero imaginary part */
    r->own_ok = ((TX_T *)work.v)[0] == (TX_T)lwmin;
    r->damaged_guards = tester_dist_damaged_guards(&a) +
                        qr_vec_damaged_guards(&tau) +
                        qr_vec_damaged_guards(&work);
    r->changed_outside = TX_SFX(qr_problem_changed_outside)(&pb, &a) +
                         TX_SFX(qr_tau_changed_outside)(&tau, &a, &pb);
    /* The checks are collective: every process of the grid must take the
     * same branch even when a faulty library returns different INFOs. */
    if (tester_ranks_with_nonzero_info(context, info) == 0)
        TX_SFX(check_residuals)(c, &pb, &a, tau.v, r);
    qr_vec_destroy(&work);
    qr_vec_destroy(&tau);
    tester_dist_destroy(&a);
}
