/* Template body (testing/tester/tx_instantiate.h): the QR tester's checks
 * in one precision, all with the reference ScaLAPACK: the factor residual
 * with P?ORMQR (P?UNMQR), the orthogonality of Q with P?ORGQR (P?UNGQR),
 * a least-squares solve with P?GELS (which calls the P?GEQRF under test
 * when M >= N), and the comparison with the reference P?GEQRF's own R, V
 * and TAU.  Each returns a scaled residual, -1 when it could not be
 * computed; a NaN passes through.  ^H is the conjugate transpose (^T in
 * real precisions). */
#include <stdlib.h>

/* Workspace of the length a query (WORK(1) after LWORK = -1) asked for,
 * plus EXTRA. */
static TX_T *TX_SFX(query_work)(TX_T queried, int extra, int *lwork)
{
    *lwork = (int)TX_RE(queried) + extra;
    if (*lwork < 1)
        *lwork = 1;
    return malloc((size_t)*lwork * sizeof(TX_T));
}

/* ||A - Q R||_1 / (||A||_1 eps max(M,N)), Q R rebuilt by P?ORMQR. */
static double TX_SFX(qr_factor_residual)(const struct qr_problem *pb,
                                         const struct tester_dist *a0,
                                         const struct tester_dist *factor,
                                         const TX_T *tau)
{
    struct tester_dist qr;
    const int *desc = a0->desc;
    const int one = 1;
    const TX_T zero_t = 0.0, one_t = 1.0, minus_one_t = -1.0;
    int m = pb->m, n = pb->n, k = tester_min_int(m, n), lwork = -1, info = 0;
    TX_T q, *work;
    double norm_a, norm_diff, resid = -1.0;

    if (k == 0)
        return 0.0;
    if (tester_dist_like(&qr, a0) != 0)
        return -1.0;
    /* qr = R (the upper trapezoid), then Q R by P?ORMQR, then Q R - A */
    TX_PB(laset)("A", &desc[M_], &desc[N_], &zero_t, &zero_t, qr.a, &one,
                 &one, desc, 1);
    TX_PB(lacpy)("U", &m, &n, factor->a, &pb->ia, &pb->ja, desc, qr.a,
                 &pb->ia, &pb->ja, desc, 1);
    TX_ORMQR("L", "N", &m, &n, &k, factor->a, &pb->ia, &pb->ja, desc, tau,
             qr.a, &pb->ia, &pb->ja, desc, &q, &lwork, &info, 1, 1);
    work = TX_SFX(query_work)(q, 0, &lwork);
    if (work != NULL && info == 0) {
        TX_ORMQR("L", "N", &m, &n, &k, factor->a, &pb->ia, &pb->ja, desc,
                 tau, qr.a, &pb->ia, &pb->ja, desc, work, &lwork, &info, 1,
                 1);
        TX_PB(geadd)("N", &m, &n, &minus_one_t, a0->a, &pb->ia, &pb->ja,
                     desc, &one_t, qr.a, &pb->ia, &pb->ja, desc, 1);
        norm_a = TX_SFX(dist_norm)("1", m, n, a0->a, pb->ia, pb->ja, desc,
                                   tester_dist_norm_work(a0));
        norm_diff = TX_SFX(dist_norm)("1", m, n, qr.a, pb->ia, pb->ja, desc,
                                      tester_dist_norm_work(a0));
        if (info == 0 && !(norm_a < 0.0 || norm_diff < 0.0))
            resid = norm_diff / (norm_a * tester_max_int(m, n) * TX_EPS);
    }
    free(work);
    tester_dist_destroy(&qr);
    return resid;
}

/* ||I - Q^H Q||_1 / (eps max(M,N)), Q (M x MIN(M,N)) from P?ORGQR. */
static double TX_SFX(qr_orth_residual)(const struct qr_problem *pb,
                                       const struct tester_dist *factor,
                                       const TX_T *tau)
{
    struct tester_dist q, w;
    const int *desc = factor->desc;
    const int one = 1;
    const TX_T zero_t = 0.0, one_t = 1.0, minus_one_t = -1.0;
    int m = pb->m, k = tester_min_int(pb->m, pb->n), lwork = -1, info = 0;
    TX_T query, *work;
    double norm_w, resid = -1.0;

    if (k == 0)
        return 0.0;
    if (TX_SFX(dist_copy)(&q, factor) != 0)
        return -1.0;
    if (TX_SFX(dist_create)(&w, desc[CTXT_], k, k, desc[NB_], desc[NB_], 0,
                            0) != 0) {
        tester_dist_destroy(&q);
        return -1.0;
    }
    TX_ORGQR(&m, &k, &k, q.a, &pb->ia, &pb->ja, desc, tau, &query, &lwork,
             &info);
    work = TX_SFX(query_work)(query, 0, &lwork);
    if (work != NULL && info == 0) {
        TX_ORGQR(&m, &k, &k, q.a, &pb->ia, &pb->ja, desc, tau, work, &lwork,
                 &info);
        /* w = I - Q^H Q */
        TX_PB(laset)("A", &k, &k, &zero_t, &one_t, w.a, &one, &one, w.desc,
                     1);
        TX_PB(gemm)(TX_CT, "N", &k, &k, &m, &minus_one_t, q.a, &pb->ia,
                    &pb->ja, desc, q.a, &pb->ia, &pb->ja, desc, &one_t, w.a,
                    &one, &one, w.desc, 1, 1);
        norm_w = TX_SFX(dist_norm)("1", k, k, w.a, 1, 1, w.desc,
                                   tester_dist_norm_work(&w));
        if (info == 0 && !(norm_w < 0.0))
            resid = norm_w / (tester_max_int(m, pb->n) * TX_EPS);
    }
    free(work);
    tester_dists_destroy(&w, &q, NULL);
    return resid;
}

/* P?GELS('N') on a copy of A0 and B (rows IB..).  LWORK: what the query
 * asks for plus 2 max(MB_A, NB_A)^2: ScaLAPACK 2.2's P?GELS computes the
 * process column of JA from IA, so when they differ its LWMIN can fall a
 * block short of what P?GEQRF (INFO = -9) or P?ORMLQ (-16) then need.
 * Returns INFO. */
static int TX_SFX(solve)(const struct qr_problem *pb,
                         const struct tester_dist *a0, struct tester_dist *b,
                         int ib)
{
    struct tester_dist af;
    const int one = 1, two = 2;
    int lwork = -1, info = 0;
    int blk = tester_max_int(a0->desc[MB_], a0->desc[NB_]);
    TX_T query, *work;

    if (TX_SFX(dist_copy)(&af, a0) != 0)
        return -1;
    TX_PB(gels)("N", &pb->m, &pb->n, &two, af.a, &pb->ia, &pb->ja, a0->desc,
                b->a, &ib, &one, b->desc, &query, &lwork, &info, 1);
    work = TX_SFX(query_work)(query, 2 * blk * blk, &lwork);
    if (work == NULL)
        info = -1;
    else if (info == 0)
        TX_PB(gels)("N", &pb->m, &pb->n, &two, af.a, &pb->ia, &pb->ja,
                    a0->desc, b->a, &ib, &one, b->desc, work, &lwork, &info,
                    1);
    free(work);
    tester_dist_destroy(&af);
    return info;
}

/* ||X(IB.., 1:NCOL) - WANT(IB.., 1:NCOL)||_1 / (||WANT||_1 eps max(M,N)),
 * rows IB..IB+N-1; X is overwritten. */
static double TX_SFX(solution_error)(const struct qr_problem *pb,
                                     struct tester_dist *x,
                                     const struct tester_dist *want, int ib,
                                     int ncol)
{
    const int one = 1;
    const TX_T one_t = 1.0, minus_one_t = -1.0;
    size_t worklen = tester_dist_norm_work(x);
    double norm_want, norm_diff;

    TX_PB(geadd)("N", &pb->n, &ncol, &minus_one_t, want->a, &ib, &one,
                 want->desc, &one_t, x->a, &ib, &one, x->desc, 1);
    norm_want = TX_SFX(dist_norm)("1", pb->n, ncol, want->a, ib, 1,
                                  want->desc, worklen);
    norm_diff =
        TX_SFX(dist_norm)("1", pb->n, ncol, x->a, ib, 1, x->desc, worklen);
    if (norm_want < 0.0 || norm_diff < 0.0)
        return -1.0;
    return norm_diff / (norm_want * tester_max_int(pb->m, pb->n) * TX_EPS);
}

/* M >= N: B's rows aligned with A's (P?GELS requires it), IB = IA.  b1 =
 * A x1: the error ||x - x1||_1 / (||x1||_1 eps max(M,N)); a random b2:
 * the optimality ||A^H (b2 - A x)||_1 / (||A||_1 ||b2||_1 eps max(M,N)).
 * Returns the worst. */
static double TX_SFX(ls_tall)(const struct qr_problem *pb,
                              const struct tester_dist *a0)
{
    const int *desc = a0->desc;
    const int one = 1;
    const TX_T zero_t = 0.0, one_t = 1.0, minus_one_t = -1.0;
    struct tester_dist b, b0, xt, atr;
    int m = pb->m, n = pb->n, ia = pb->ia, ja = pb->ja, two_col = 2;
    size_t worklen;
    double err, opt = -1.0, norm_a, norm_b2, norm_atr;

    if (TX_SFX(dist_create)(&b, desc[CTXT_], desc[M_], 2, desc[MB_],
                            desc[NB_], desc[RSRC_], desc[CSRC_]) != 0)
        return -1.0;
    if (tester_dist_like(&xt, &b) != 0 || tester_dist_like(&atr, &b) != 0) {
        tester_dist_destroy(&b);
        return -1.0;
    }
    worklen = tester_dist_norm_work(&b) + tester_dist_norm_work(a0);
    TX_SFX(qr_fill_random)(&xt, pb->seed, 0, ia, n, 1, 1);
    TX_SFX(qr_fill_random)(&b, pb->seed, 1, ia, m, 1, 2);
    /* b(:,1) = A xt(:,1): a consistent system; b(:,2) stays random */
    TX_PB(gemm)("N", "N", &m, &one, &n, &one_t, a0->a, &ia, &ja, desc, xt.a,
                &ia, &one, xt.desc, &zero_t, b.a, &ia, &one, b.desc, 1, 1);
    if (TX_SFX(dist_copy)(&b0, &b) != 0) {
        tester_dists_destroy(&atr, &xt, &b, NULL);
        return -1.0;
    }
    norm_a = TX_SFX(dist_norm)("1", m, n, a0->a, ia, ja, desc, worklen);
    norm_b2 =
        TX_SFX(dist_norm)("1", m, 1, b0.a, ia, two_col, b0.desc, worklen);
    if (TX_SFX(solve)(pb, a0, &b, ia) != 0) {
        err = -1.0;
    } else {
        /* b0(:,2) = b2 - A x2, atr = A^H (b2 - A x2) */
        TX_PB(gemm)("N", "N", &m, &one, &n, &minus_one_t, a0->a, &ia, &ja,
                    desc, b.a, &ia, &two_col, b.desc, &one_t, b0.a, &ia,
                    &two_col, b0.desc, 1, 1);
        TX_PB(gemm)(TX_CT, "N", &n, &one, &m, &one_t, a0->a, &ia, &ja, desc,
                    b0.a, &ia, &two_col, b0.desc, &zero_t, atr.a, &ia, &one,
                    atr.desc, 1, 1);
        norm_atr =
            TX_SFX(dist_norm)("1", n, 1, atr.a, ia, 1, atr.desc, worklen);
        if (!(norm_a < 0.0 || norm_b2 < 0.0 || norm_atr < 0.0))
            opt = norm_atr /
                  (norm_a * norm_b2 * tester_max_int(m, n) * TX_EPS);
        err = TX_SFX(solution_error)(pb, &b, &xt, ia, 1);
        if (opt - opt != 0.0 || opt < 0.0 || opt > err)
            err = opt;
    }
    tester_dists_destroy(&b0, &atr, &xt, &b, NULL);
    return err;
}

/* M < N: B's rows aligned with A's columns (MB_B = NB_A, IB = JA); b =
 * A A^H y, whose minimum-norm solution is A^H y (the error measure of
 * ls_tall). */
static double TX_SFX(ls_wide)(const struct qr_problem *pb,
                              const struct tester_dist *a0)
{
    const int *desc = a0->desc;
    const int one = 1, two = 2;
    const TX_T zero_t = 0.0, one_t = 1.0;
    struct tester_dist b, y, xmn;
    int m = pb->m, n = pb->n, ia = pb->ia, ja = pb->ja, rows = ja - 1 + n;
    double err;

    if (TX_SFX(dist_create)(&b, desc[CTXT_], rows, 2, desc[NB_], desc[NB_],
                            desc[RSRC_], desc[CSRC_]) != 0)
        return -1.0;
    if (tester_dist_like(&xmn, &b) != 0) {
        tester_dist_destroy(&b);
        return -1.0;
    }
    if (TX_SFX(dist_create)(&y, desc[CTXT_], desc[M_], 2, desc[MB_],
                            desc[NB_], desc[RSRC_], desc[CSRC_]) != 0) {
        tester_dists_destroy(&xmn, &b, NULL);
        return -1.0;
    }
    /* xmn = A^H y is in the row space of A: the minimum-norm solution of
     * A x = b with b = A xmn */
    TX_SFX(qr_fill_random)(&y, pb->seed, 2, ia, m, 1, 2);
    TX_SFX(qr_fill_random)(&xmn, pb->seed, 3, 1, 0, 1, 0);
    TX_SFX(qr_fill_random)(&b, pb->seed, 3, 1, 0, 1, 0);
    TX_PB(gemm)(TX_CT, "N", &n, &two, &m, &one_t, a0->a, &ia, &ja, desc,
                y.a, &ia, &one, y.desc, &zero_t, xmn.a, &ja, &one, xmn.desc,
                1, 1);
    TX_PB(gemm)("N", "N", &m, &two, &n, &one_t, a0->a, &ia, &ja, desc,
                xmn.a, &ja, &one, xmn.desc, &zero_t, b.a, &ja, &one, b.desc,
                1, 1);
    err = TX_SFX(solve)(pb, a0, &b, ja) != 0
              ? -1.0
              : TX_SFX(solution_error)(pb, &b, &xmn, ja, 2);
    tester_dists_destroy(&y, &xmn, &b, NULL);
    return err;
}

/* P?GELS on two right-hand sides (ls_tall, ls_wide). */
static double TX_SFX(qr_ls_residual)(const struct qr_problem *pb,
                                     const struct tester_dist *a0)
{
    if (pb->m == 0 || pb->n == 0)
        return 0.0;
    return pb->m >= pb->n ? TX_SFX(ls_tall)(pb, a0) : TX_SFX(ls_wide)(pb, a0);
}

/* The reference P?GEQRF on A0: max(|dR| / max|R|, |dV| / max(1, max|V|),
 * |dTAU|) / (eps max(M,N)), maxima over the entries of sub(A) and TAU. */
static double TX_SFX(qr_compare)(const struct qr_problem *pb,
                                 const struct tester_dist *a0,
                                 const struct tester_dist *factor,
                                 const TX_T *tau, tester_fn *reference_fn)
{
    TX_SFX(tx_geqrf_fn) *reference = (TX_SFX(tx_geqrf_fn) *)reference_fn;
    struct tester_dist ref;
    struct qr_vec ref_tau;
    int k = tester_min_int(pb->m, pb->n), lwork = -1, info = 0;
    size_t lld = (size_t)a0->desc[LLD_];
    const TX_T *x, *rt;
    /* maxima of |dR|, |R|, |dV|, |V|, |dTAU| */
    double mx[5] = { 0.0, 0.0, 0.0, 0.0, 0.0 }, resid = -1.0;
    TX_T query, *work;

    if (k == 0)
        return 0.0;
    if (TX_SFX(dist_copy)(&ref, a0) != 0)
        return -1.0;
    if (TX_SFX(qr_tau_create)(&ref_tau, a0, pb) != 0) {
        tester_dist_destroy(&ref);
        return -1.0;
    }
    reference(&pb->m, &pb->n, ref.a, &pb->ia, &pb->ja, ref.desc, ref_tau.v,
              &query, &lwork, &info);
    work = TX_SFX(query_work)(query, 0, &lwork);
    if (work != NULL && info == 0)
        reference(&pb->m, &pb->n, ref.a, &pb->ia, &pb->ja, ref.desc,
                  ref_tau.v, work, &lwork, &info);
    x = ref.a;
    rt = ref_tau.v;
    for (int lj = 0; lj < a0->locc; lj++) {
        int sj = tester_dist_global_col(a0, lj) - pb->ja;
        const TX_T *f = factor->a;
        if (sj < 0 || sj >= pb->n)
            continue;
        for (int li = 0; li < a0->locr; li++) {
            int si = tester_dist_global_row(a0, li) - pb->ia;
            TX_T r = x[li + lj * lld];
            double d = TX_ABS(f[li + lj * lld] - r);
            int v = si > sj;   /* below the diagonal: V */
            if (si < 0 || si >= pb->m)
                continue;
            if (!(d <= mx[2 * v]))   /* a NaN sticks */
                mx[2 * v] = d;
            if (TX_ABS(r) > mx[2 * v + 1])
                mx[2 * v + 1] = TX_ABS(r);
        }
        if (sj < k && (size_t)lj < ref_tau.len) {
            double d = TX_ABS(tau[lj] - rt[lj]);
            if (!(d <= mx[4]))
                mx[4] = d;
        }
    }
    for (int i = 0; i < 5; i++)
        if (mx[i] != mx[i]) /* a NaN, which the maximum could lose */
            mx[i] = INFINITY;
    Cdgamx2d(a0->desc[CTXT_], "All", " ", 5, 1, mx, 5, NULL, NULL, -1, -1,
             -1);
    if (work != NULL && info == 0) {
        double worst = mx[0] / (mx[1] > 0.0 ? mx[1] : 1.0);
        double dv = mx[2] / (mx[3] > 1.0 ? mx[3] : 1.0);
        if (!(dv <= worst))
            worst = dv;
        if (!(mx[4] <= worst))
            worst = mx[4];
        resid = worst / (tester_max_int(pb->m, pb->n) * TX_EPS);
    }
    free(work);
    qr_vec_destroy(&ref_tau);
    tester_dist_destroy(&ref);
    return resid;
}
