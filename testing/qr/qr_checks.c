/* Residual checks of the QR tester (see qr_checks.h).  Every routine used
 * here but PDGEQRF comes from the reference ScaLAPACK. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "qr_checks.h"

static const int one = 1, two = 2;
static const double zero_d = 0.0, one_d = 1.0, minus_one_d = -1.0;

static int max_int(int a, int b)
{
    return a > b ? a : b;
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* A copy of the whole local array of SRC in a new matrix of its layout. */
static int create_copy(struct llt_dist *d, const struct llt_dist *src)
{
    if (tester_dist_like(d, src) != 0)
        return -1;
    memcpy(d->a, src->a, src->len * sizeof *src->a);
    return 0;
}

/* Workspace of the length a query (WORK(1) after LWORK = -1) asked for,
 * plus EXTRA. */
static double *query_work(double queried, int extra, int *lwork)
{
    *lwork = (int)queried + extra;
    if (*lwork < 1)
        *lwork = 1;
    return malloc((size_t)*lwork * sizeof(double));
}

double qr_factor_residual(const struct qr_problem *pb,
                          const struct llt_dist *a0,
                          const struct llt_dist *factor, const double *tau)
{
    struct llt_dist qr;
    const int *desc = a0->desc;
    int m = pb->m, n = pb->n, k = min_int(m, n), lwork = -1, info = 0;
    double q, *work, norm_a, norm_diff, resid = -1.0;

    if (k == 0)
        return 0.0;
    if (tester_dist_like(&qr, a0) != 0)
        return -1.0;
    /* qr = R (the upper trapezoid), then Q R by PDORMQR, then Q R - A */
    pdlaset_("A", &desc[M_], &desc[N_], &zero_d, &zero_d, qr.a, &one, &one,
             desc, 1);
    pdlacpy_("U", &m, &n, factor->a, &pb->ia, &pb->ja, desc, qr.a, &pb->ia,
             &pb->ja, desc, 1);
    pdormqr_("L", "N", &m, &n, &k, factor->a, &pb->ia, &pb->ja, desc, tau,
             qr.a, &pb->ia, &pb->ja, desc, &q, &lwork, &info, 1, 1);
    work = query_work(q, 0, &lwork);
    if (work != NULL && info == 0) {
        pdormqr_("L", "N", &m, &n, &k, factor->a, &pb->ia, &pb->ja, desc,
                 tau, qr.a, &pb->ia, &pb->ja, desc, work, &lwork, &info, 1,
                 1);
        pdgeadd_("N", &m, &n, &minus_one_d, a0->a, &pb->ia, &pb->ja, desc,
                 &one_d, qr.a, &pb->ia, &pb->ja, desc, 1);
        norm_a = tester_norm("1", m, n, a0->a, pb->ia, pb->ja, desc,
                         llt_dist_norm_work(a0));
        norm_diff = tester_norm("1", m, n, qr.a, pb->ia, pb->ja, desc,
                            llt_dist_norm_work(a0));
        if (info == 0 && !(norm_a < 0.0 || norm_diff < 0.0))
            resid = norm_diff / (norm_a * max_int(m, n) * tester_eps());
    }
    free(work);
    llt_dist_destroy(&qr);
    return resid;
}

double qr_orth_residual(const struct qr_problem *pb,
                        const struct llt_dist *factor, const double *tau)
{
    struct llt_dist q, w;
    const int *desc = factor->desc;
    int m = pb->m, k = min_int(pb->m, pb->n), lwork = -1, info = 0;
    double query, *work, norm_w, resid = -1.0;

    if (k == 0)
        return 0.0;
    if (create_copy(&q, factor) != 0)
        return -1.0;
    if (llt_dist_create(&w, desc[CTXT_], k, k, desc[NB_], desc[NB_], 0, 0) !=
        0) {
        llt_dist_destroy(&q);
        return -1.0;
    }
    pdorgqr_(&m, &k, &k, q.a, &pb->ia, &pb->ja, desc, tau, &query, &lwork,
             &info);
    work = query_work(query, 0, &lwork);
    if (work != NULL && info == 0) {
        pdorgqr_(&m, &k, &k, q.a, &pb->ia, &pb->ja, desc, tau, work, &lwork,
                 &info);
        /* w = I - Q^T Q */
        pdlaset_("A", &k, &k, &zero_d, &one_d, w.a, &one, &one, w.desc, 1);
        pdgemm_("T", "N", &k, &k, &m, &minus_one_d, q.a, &pb->ia, &pb->ja,
                desc, q.a, &pb->ia, &pb->ja, desc, &one_d, w.a, &one, &one,
                w.desc, 1, 1);
        norm_w = tester_norm("1", k, k, w.a, 1, 1, w.desc,
                         llt_dist_norm_work(&w));
        if (info == 0 && !(norm_w < 0.0))
            resid = norm_w / (max_int(m, pb->n) * tester_eps());
    }
    free(work);
    llt_dist_destroy(&w);
    llt_dist_destroy(&q);
    return resid;
}

/* PDGELS('N') on a copy of A0 and B (rows IB..).  LWORK: what the query
 * asks for plus 2 max(MB_A, NB_A)^2: ScaLAPACK 2.2's PDGELS computes the
 * process column of JA from IA, so when they differ its LWMIN can fall a
 * block short of what PDGEQRF (INFO = -9) or PDORMLQ (-16) then need.
 * Returns INFO. */
static int solve(const struct qr_problem *pb, const struct llt_dist *a0,
                 struct llt_dist *b, int ib)
{
    struct llt_dist af;
    int lwork = -1, info = 0;
    int blk = max_int(a0->desc[MB_], a0->desc[NB_]);
    double query, *work;

    if (create_copy(&af, a0) != 0)
        return -1;
    pdgels_("N", &pb->m, &pb->n, &two, af.a, &pb->ia, &pb->ja, a0->desc,
            b->a, &ib, &one, b->desc, &query, &lwork, &info, 1);
    work = query_work(query, 2 * blk * blk, &lwork);
    if (work == NULL)
        info = -1;
    else if (info == 0)
        pdgels_("N", &pb->m, &pb->n, &two, af.a, &pb->ia, &pb->ja, a0->desc,
                b->a, &ib, &one, b->desc, work, &lwork, &info, 1);
    free(work);
    llt_dist_destroy(&af);
    return info;
}

/* ||X(IB.., 1:NCOL) - WANT(IB.., 1:NCOL)||_1 / (||WANT||_1 eps max(M,N)),
 * rows IB..IB+N-1; X is overwritten. */
static double solution_error(const struct qr_problem *pb,
                             struct llt_dist *x, const struct llt_dist *want,
                             int ib, int ncol)
{
    size_t worklen = llt_dist_norm_work(x);
    double norm_want, norm_diff;

    pdgeadd_("N", &pb->n, &ncol, &minus_one_d, want->a, &ib, &one,
             want->desc, &one_d, x->a, &ib, &one, x->desc, 1);
    norm_want =
        tester_norm("1", pb->n, ncol, want->a, ib, 1, want->desc, worklen);
    norm_diff = tester_norm("1", pb->n, ncol, x->a, ib, 1, x->desc, worklen);
    if (norm_want < 0.0 || norm_diff < 0.0)
        return -1.0;
    return norm_diff / (norm_want * max_int(pb->m, pb->n) * tester_eps());
}

/* M >= N: B's rows aligned with A's (PDGELS requires it), IB = IA. */
static double ls_tall(const struct qr_problem *pb, const struct llt_dist *a0)
{
    const int *desc = a0->desc;
    struct llt_dist b, b0, xt, atr;
    int m = pb->m, n = pb->n, ia = pb->ia, ja = pb->ja, two_col = 2;
    size_t worklen;
    double err, opt = -1.0, norm_a, norm_b2, norm_atr;

    if (llt_dist_create(&b, desc[CTXT_], desc[M_], 2, desc[MB_], desc[NB_],
                        desc[RSRC_], desc[CSRC_]) != 0)
        return -1.0;
    if (tester_dist_like(&xt, &b) != 0 || tester_dist_like(&atr, &b) != 0) {
        llt_dist_destroy(&b);
        return -1.0;
    }
    worklen = llt_dist_norm_work(&b) + llt_dist_norm_work(a0);
    qr_fill_random(&xt, pb->seed, 0, ia, n, 1, 1);
    qr_fill_random(&b, pb->seed, 1, ia, m, 1, 2);
    /* b(:,1) = A xt(:,1): a consistent system; b(:,2) stays random */
    pdgemm_("N", "N", &m, &one, &n, &one_d, a0->a, &ia, &ja, desc, xt.a,
            &ia, &one, xt.desc, &zero_d, b.a, &ia, &one, b.desc, 1, 1);
    if (create_copy(&b0, &b) != 0) {
        llt_dist_destroy(&atr);
        llt_dist_destroy(&xt);
        llt_dist_destroy(&b);
        return -1.0;
    }
    norm_a = tester_norm("1", m, n, a0->a, ia, ja, desc, worklen);
    norm_b2 = tester_norm("1", m, 1, b0.a, ia, two_col, b0.desc, worklen);
    if (solve(pb, a0, &b, ia) != 0) {
        err = -1.0;
    } else {
        /* b0(:,2) = b2 - A x2, atr = A^T (b2 - A x2) */
        pdgemm_("N", "N", &m, &one, &n, &minus_one_d, a0->a, &ia, &ja, desc,
                b.a, &ia, &two_col, b.desc, &one_d, b0.a, &ia, &two_col,
                b0.desc, 1, 1);
        pdgemm_("T", "N", &n, &one, &m, &one_d, a0->a, &ia, &ja, desc, b0.a,
                &ia, &two_col, b0.desc, &zero_d, atr.a, &ia, &one, atr.desc,
                1, 1);
        norm_atr = tester_norm("1", n, 1, atr.a, ia, 1, atr.desc, worklen);
        if (!(norm_a < 0.0 || norm_b2 < 0.0 || norm_atr < 0.0))
            opt = norm_atr /
                  (norm_a * norm_b2 * max_int(m, n) * tester_eps());
        err = solution_error(pb, &b, &xt, ia, 1);
        if (opt - opt != 0.0 || opt < 0.0 || opt > err)
            err = opt;
    }
    llt_dist_destroy(&b0);
    llt_dist_destroy(&atr);
    llt_dist_destroy(&xt);
    llt_dist_destroy(&b);
    return err;
}

/* M < N: B's rows aligned with A's columns (MB_B = NB_A, IB = JA). */
static double ls_wide(const struct qr_problem *pb, const struct llt_dist *a0)
{
    const int *desc = a0->desc;
    struct llt_dist b, y, xmn;
    int m = pb->m, n = pb->n, ia = pb->ia, ja = pb->ja, rows = ja - 1 + n;
    double err;

    if (llt_dist_create(&b, desc[CTXT_], rows, 2, desc[NB_], desc[NB_],
                        desc[RSRC_], desc[CSRC_]) != 0)
        return -1.0;
    if (tester_dist_like(&xmn, &b) != 0) {
        llt_dist_destroy(&b);
        return -1.0;
    }
    if (llt_dist_create(&y, desc[CTXT_], desc[M_], 2, desc[MB_], desc[NB_],
                        desc[RSRC_], desc[CSRC_]) != 0) {
        llt_dist_destroy(&xmn);
        llt_dist_destroy(&b);
        return -1.0;
    }
    /* xmn = A^T y is in the row space of A: the minimum-norm solution of
     * A x = b with b = A xmn */
    qr_fill_random(&y, pb->seed, 2, ia, m, 1, 2);
    qr_fill_random(&xmn, pb->seed, 3, 1, 0, 1, 0);
    qr_fill_random(&b, pb->seed, 3, 1, 0, 1, 0);
    pdgemm_("T", "N", &n, &two, &m, &one_d, a0->a, &ia, &ja, desc, y.a, &ia,
            &one, y.desc, &zero_d, xmn.a, &ja, &one, xmn.desc, 1, 1);
    pdgemm_("N", "N", &m, &two, &n, &one_d, a0->a, &ia, &ja, desc, xmn.a,
            &ja, &one, xmn.desc, &zero_d, b.a, &ja, &one, b.desc, 1, 1);
    err = solve(pb, a0, &b, ja) != 0 ? -1.0
                                     : solution_error(pb, &b, &xmn, ja, 2);
    llt_dist_destroy(&y);
    llt_dist_destroy(&xmn);
    llt_dist_destroy(&b);
    return err;
}

double qr_ls_residual(const struct qr_problem *pb, const struct llt_dist *a0)
{
    if (pb->m == 0 || pb->n == 0)
        return 0.0;
    return pb->m >= pb->n ? ls_tall(pb, a0) : ls_wide(pb, a0);
}

double qr_compare(const struct qr_problem *pb, const struct llt_dist *a0,
                  const struct llt_dist *factor, const double *tau,
                  pdgeqrf_fn *reference)
{
    struct llt_dist ref;
    struct qr_vec ref_tau;
    int k = min_int(pb->m, pb->n), lwork = -1, info = 0;
    size_t lld = (size_t)a0->desc[LLD_];
    /* maxima of |dR|, |R|, |dV|, |V|, |dTAU| */
    double mx[5] = { 0.0, 0.0, 0.0, 0.0, 0.0 }, query, *work, resid = -1.0;

    if (k == 0)
        return 0.0;
    if (create_copy(&ref, a0) != 0)
        return -1.0;
    if (qr_tau_create(&ref_tau, a0, pb) != 0) {
        llt_dist_destroy(&ref);
        return -1.0;
    }
    reference(&pb->m, &pb->n, ref.a, &pb->ia, &pb->ja, ref.desc, ref_tau.v,
              &query, &lwork, &info);
    work = query_work(query, 0, &lwork);
    if (work != NULL && info == 0)
        reference(&pb->m, &pb->n, ref.a, &pb->ia, &pb->ja, ref.desc,
                  ref_tau.v, work, &lwork, &info);
    for (int lj = 0; lj < a0->locc; lj++) {
        int sj = llt_dist_global_col(a0, lj) - pb->ja;
        if (sj < 0 || sj >= pb->n)
            continue;
        for (int li = 0; li < a0->locr; li++) {
            int si = llt_dist_global_row(a0, li) - pb->ia;
            double r = ref.a[li + lj * lld];
            double d = fabs(factor->a[li + lj * lld] - r);
            int v = si > sj;   /* below the diagonal: V */
            if (si < 0 || si >= pb->m)
                continue;
            if (!(d <= mx[2 * v]))   /* a NaN sticks */
                mx[2 * v] = d;
            if (fabs(r) > mx[2 * v + 1])
                mx[2 * v + 1] = fabs(r);
        }
        if (sj < k && (size_t)lj < ref_tau.len) {
            double d = fabs(tau[lj] - ref_tau.v[lj]);
            if (!(d <= mx[4]))
                mx[4] = d;
        }
    }
    Cdgamx2d(a0->desc[CTXT_], "All", " ", 5, 1, mx, 5, NULL, NULL, -1, -1,
             -1);
    if (work != NULL && info == 0) {
        double worst = mx[0] / (mx[1] > 0.0 ? mx[1] : 1.0);
        double dv = mx[2] / (mx[3] > 1.0 ? mx[3] : 1.0);
        if (!(dv <= worst))
            worst = dv;
        if (!(mx[4] <= worst))
            worst = mx[4];
        resid = worst / (max_int(pb->m, pb->n) * tester_eps());
    }
    free(work);
    qr_vec_destroy(&ref_tau);
    llt_dist_destroy(&ref);
    return resid;
}
