/* Template body (testing/tester/tx_instantiate.h): the residual checks of
 * an LU factor of one precision, with PBLAS and the reference ScaLAPACK
 * only, on the caller's distribution (no rank gathers the matrix): L and
 * U are copied out of the factor, multiplied by P?GEMM, the product's rows
 * interchanged back by P?LAPIV with the factor's IPIV and compared with
 * the original matrix; then the reference P?GETRS solves systems with the
 * factor.  Each returns a scaled residual, negative when memory runs out
 * or P?GETRS failed (NaN when the factor holds one).
 *
 * Why P?LAPIV and not P?LASWP: for global row I, P?LASWP reads
 * IPIV(IIA + I - K1), IIA the local row of K1 (of K2 when backward, which
 * then reads past the range): right within one block of rows, as P?GETRF
 * uses it, wrong over a whole factor (ScaLAPACK 2.2).  P?GETRS applies a
 * whole factor's interchanges with P?LAPIV. */

/* ||sub(A) - P L U||_1 / (||sub(A)||_1 max(M,N) eps).  A0 holds the
 * original matrix, FACTOR and IPIV the output of P?GETRF; A0 and FACTOR
 * are distributed alike. */
static double TX_SFX(lu_factor_residual)(const struct lu_problem *pb,
                                         const struct tester_dist *a0,
                                         const struct tester_dist *factor,
                                         const struct lu_pivots *ipiv)
{
    struct tester_dist l, u, plu;
    struct lu_pivots work;
    const int *desc = a0->desc;
    const int one = 1;
    const TX_T zero_t = 0.0, one_t = 1.0, minus_one_t = -1.0;
    int m = pb->m, n = pb->n, k = tester_min_int(m, n), descip[DLEN_];
    int unused = 0;
    size_t worklen = tester_dist_norm_work(a0);
    double norm_a, norm_diff, resid = -1.0;

    if (k == 0)
        return 0.0;
    /* P?LAPIV overwrites the end of IPIV: it gets a copy */
    if (lu_pivots_for_lapiv(&work, ipiv, a0, pb->ia, m, k, descip) != 0)
        return -1.0;
    if (tester_dist_like(&l, a0) != 0) {
        lu_pivots_destroy(&work);
        return -1.0;
    }
    if (tester_dist_like(&u, a0) != 0) {
        tester_dist_destroy(&l);
        lu_pivots_destroy(&work);
        return -1.0;
    }
    if (tester_dist_like(&plu, a0) != 0) {
        tester_dist_destroy(&u);
        tester_dist_destroy(&l);
        lu_pivots_destroy(&work);
        return -1.0;
    }
    /* l = the unit lower trapezoid (M x K), u = the upper one (K x N),
     * zero elsewhere */
    TX_PB(laset)("A", &desc[M_], &desc[N_], &zero_t, &zero_t, l.a, &one,
                 &one, desc, 1);
    TX_PB(laset)("A", &desc[M_], &desc[N_], &zero_t, &zero_t, u.a, &one,
                 &one, desc, 1);
    TX_PB(lacpy)("L", &m, &k, factor->a, &pb->ia, &pb->ja, desc, l.a,
                 &pb->ia, &pb->ja, desc, 1);
    TX_PB(laset)("U", &k, &k, &zero_t, &one_t, l.a, &pb->ia, &pb->ja, desc,
                 1);
    TX_PB(lacpy)("U", &k, &n, factor->a, &pb->ia, &pb->ja, desc, u.a,
                 &pb->ia, &pb->ja, desc, 1);
    /* plu = L U, then P (L U): the interchanges undone from the last */
    TX_PB(gemm)("N", "N", &m, &n, &k, &one_t, l.a, &pb->ia, &pb->ja, desc,
                u.a, &pb->ia, &pb->ja, desc, &zero_t, plu.a, &pb->ia,
                &pb->ja, desc, 1, 1);
    TX_PB(lapiv)("B", "R", "C", &m, &n, plu.a, &pb->ia, &pb->ja, desc,
                 work.v, &pb->ia, &one, descip, &unused, 1, 1, 1);
    TX_PB(geadd)("N", &m, &n, &minus_one_t, a0->a, &pb->ia, &pb->ja, desc,
                 &one_t, plu.a, &pb->ia, &pb->ja, desc, 1);
    norm_a = TX_SFX(dist_norm)("1", m, n, a0->a, pb->ia, pb->ja, desc,
                               worklen);
    norm_diff = TX_SFX(dist_norm)("1", m, n, plu.a, pb->ia, pb->ja, desc,
                                  worklen);
    if (!(norm_a < 0.0 || norm_diff < 0.0)) /* a NaN goes through */
        resid = norm_diff / ((norm_a > 0.0 ? norm_a : 1.0) *
                             tester_max_int(m, n) * TX_EPS);
    tester_dist_destroy(&plu);
    tester_dist_destroy(&u);
    tester_dist_destroy(&l);
    lu_pivots_destroy(&work);
    return resid;
}

/* The system's solver (testing/tester/rhs.h): the reference P?GETRS on
 * the factor and its IPIV (ARG). */
static int TX_SFX(lu_getrs)(const struct tester_system *s, int nrhs,
                            struct tester_dist *x)
{
    const int one = 1;
    int info = 0;
    TX_PB(getrs)("N", &s->n, &nrhs, s->factor->a, &s->ia, &s->ja,
                 s->a0->desc, s->arg, x->a, &s->ia, &one, x->desc, &info, 1);
    return info;
}
