/* One QR test case: build the distributed matrix, call PDGEQRF with exactly
 * LWMIN workspace, check INFO, WORK(1), the guard zones and the entries it
 * must not touch, then the residuals; the verdict is made global over
 * MPI_COMM_WORLD. */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <string.h>

#include "qr_case.h"
#include "qr_checks.h"

/* Rows and columns of A after sub(A): their entries must not change. */
#define QR_PAD 2

struct local_result {
    double seconds, resid[4];
    int info, info_ok, work_ok, setup_ok;
    long damaged_guards, changed_outside;
};

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

static int ranks_with_nonzero_info(int context, int info)
{
    int count = info != 0;
    Cigsum2d(context, "All", " ", 1, 1, &count, 1, -1, -1);
    return count;
}

static void check_residuals(const struct qr_case *c,
                            const struct qr_problem *pb,
                            const struct llt_dist *a, const double *tau,
                            struct local_result *r)
{
    struct llt_dist a0;

    if (llt_dist_create(&a0, a->desc[CTXT_], a->desc[M_], a->desc[N_],
                        c->mb, c->nb, c->rsrc, c->csrc) != 0)
        return;
    qr_problem_fill(pb, &a0);
    r->resid[0] = qr_factor_residual(pb, &a0, a, tau);
    r->resid[1] = qr_orth_residual(pb, a, tau);
    r->resid[2] = qr_ls_residual(pb, &a0);
    r->resid[3] = qr_compare(pb, &a0, a, tau, c->reference);
    llt_dist_destroy(&a0);
}

static void run_on_grid(const struct qr_case *c, int context,
                        struct local_result *r)
{
    struct qr_problem pb;
    struct llt_dist a;
    struct qr_tau tau;
    struct qr_work work;
    int m = c->ia - 1 + c->m + QR_PAD, n = c->ja - 1 + c->n + QR_PAD;
    int info = -1, lwmin;
    double t0;

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
        qr_tau_destroy(&tau);
        llt_dist_destroy(&a);
        return;
    }
    r->setup_ok = 1;
    qr_problem_fill(&pb, &a);

    Cblacs_barrier(context, "All");
    t0 = MPI_Wtime();
    pdgeqrf_(&c->m, &c->n, a.a, &c->ia, &c->ja, a.desc, tau.tau, work.work,
             &lwmin, &info);
    r->seconds = MPI_Wtime() - t0;

    r->info = info;
    r->info_ok = info == 0;
    r->work_ok = work.work[0] == (double)lwmin;
    r->damaged_guards = llt_dist_damaged_guards(&a) +
                        qr_tau_damaged_guards(&tau) +
                        qr_work_damaged_guards(&work);
    r->changed_outside = qr_problem_changed_outside(&pb, &a) +
                         qr_tau_changed_outside(&tau, &a, &pb);
    /* The checks are collective: every process of the grid must take the
     * same branch even when a faulty library returns different INFOs. */
    if (ranks_with_nonzero_info(context, info) == 0)
        check_residuals(c, &pb, &a, tau.tau, r);
    qr_work_destroy(&work);
    qr_tau_destroy(&tau);
    llt_dist_destroy(&a);
}

static int residuals_ok(const struct qr_case *c, const struct qr_outcome *o)
{
    return qr_residual_ok(o->resid_factor, c->thresh) &&
           qr_residual_ok(o->resid_orth, c->thresh) &&
           qr_residual_ok(o->resid_ls, c->thresh) &&
           qr_residual_ok(o->resid_cmp, c->thresh);
}

void qr_run_case(const struct qr_case *c, int context,
                 struct qr_outcome *out)
{
    struct local_result r;
    int flags[3], all_flags[3], infos[2], all_infos[2];
    long counts[2], all_counts[2];

    memset(&r, 0, sizeof r);
    r.info_ok = r.work_ok = r.setup_ok = 1;
    for (int i = 0; i < 4; i++)
        r.resid[i] = NAN;
    if (context >= 0) {
        r.setup_ok = 0;
        run_on_grid(c, context, &r);
    }

    flags[0] = r.info_ok;
    flags[1] = r.setup_ok;
    flags[2] = r.work_ok;
    MPI_Allreduce(flags, all_flags, 3, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    counts[0] = r.damaged_guards;
    counts[1] = r.changed_outside;
    MPI_Allreduce(counts, all_counts, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    /* minimum and maximum of INFO in one MPI_MIN: (info, -info) */
    infos[0] = context >= 0 ? r.info : INT_MAX;
    infos[1] = context >= 0 ? -r.info : INT_MAX;
    MPI_Allreduce(infos, all_infos, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&r.seconds, &out->seconds, 1, MPI_DOUBLE, MPI_MAX,
                  MPI_COMM_WORLD);
    /* Process (0,0) is world rank 0: its residuals are the global ones. */
    MPI_Bcast(r.resid, 4, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    out->resid_factor = r.resid[0];
    out->resid_orth = r.resid[1];
    out->resid_ls = r.resid[2];
    out->resid_cmp = r.resid[3];
    out->info_min = all_infos[0];
    out->info_max = -all_infos[1];
    out->info_ok = all_flags[0];
    out->work_ok = all_flags[2];
    out->damaged_guards = all_counts[0];
    out->changed_outside = all_counts[1];
    out->passed = all_flags[0] && all_flags[1] && all_flags[2] &&
                  all_counts[0] == 0 && all_counts[1] == 0 &&
                  residuals_ok(c, out);
}
