/* Template body (testing/tester/tx_instantiate.h): the residual checks of
 * a Cholesky factor of one precision, with PBLAS and the reference solver
 * only, on the caller's distribution: the factor is rebuilt with P?GEMM
 * and compared with the original matrix, then used by the reference
 * P?POTRS to solve systems (testing/tester/solve_body.h).  Each returns
 * a negative value when memory runs out (NaN when the factor holds one). */

/* ||sub(A) - L L^H||_1 / (||sub(A)||_1 N eps) for uplo L, with U^H U for
 * uplo U (^T in real precisions).  A0 holds sub(A) with both triangles
 * (LLT_FILL_FULL), FACTOR the output of P?POTRF; both are distributed
 * alike. */
static double TX_SFX(llt_factor_residual)(const struct llt_problem *pb,
                                          const struct tester_dist *a0,
                                          const struct tester_dist *factor)
{
    struct tester_dist tri, diff;
    const int *desc = a0->desc;
    const int one = 1;
    const TX_T zero_t = 0.0, one_t = 1.0, minus_one_t = -1.0;
    const char *ta = pb->uplo == 'L' ? "N" : TX_CT;
    const char *tb = pb->uplo == 'L' ? TX_CT : "N";
    const char *uplo = pb->uplo == 'L' ? "L" : "U";
    size_t worklen = tester_dist_norm_work(a0);
    double norm_a, norm_diff, resid = -1.0;

    if (pb->n == 0)
        return 0.0;
    if (tester_dist_like(&tri, a0) != 0)
        return -1.0;
    if (tester_dist_like(&diff, a0) != 0) {
        tester_dist_destroy(&tri);
        return -1.0;
    }
    /* tri = the factor's triangle, zero elsewhere; diff = A - tri*tri^H */
    TX_PB(laset)("A", &desc[M_], &desc[N_], &zero_t, &zero_t, tri.a, &one,
                 &one, desc, 1);
    TX_PB(lacpy)(uplo, &pb->n, &pb->n, factor->a, &pb->ia, &pb->ja, desc,
                 tri.a, &pb->ia, &pb->ja, desc, 1);
    TX_PB(lacpy)("A", &pb->n, &pb->n, a0->a, &pb->ia, &pb->ja, desc, diff.a,
                 &pb->ia, &pb->ja, desc, 1);
    TX_PB(gemm)(ta, tb, &pb->n, &pb->n, &pb->n, &minus_one_t, tri.a,
                &pb->ia, &pb->ja, desc, tri.a, &pb->ia, &pb->ja, desc,
                &one_t, diff.a, &pb->ia, &pb->ja, desc, 1, 1);
    norm_a = TX_SFX(dist_norm)("1", pb->n, pb->n, a0->a, pb->ia, pb->ja,
                               desc, worklen);
    norm_diff = TX_SFX(dist_norm)("1", pb->n, pb->n, diff.a, pb->ia, pb->ja,
                                  desc, worklen);
    if (!(norm_a < 0.0 || norm_diff < 0.0)) /* a NaN goes through */
        resid = norm_diff / (norm_a * pb->n * TX_EPS);
    tester_dist_destroy(&diff);
    tester_dist_destroy(&tri);
    return resid;
}

/* The system's solver (testing/tester/rhs.h): the reference P?POTRS on
 * the factor, the problem (ARG) saying which triangle holds it. */
static int TX_SFX(llt_potrs)(const struct tester_system *s, int nrhs,
                             struct tester_dist *x)
{
    const struct llt_problem *pb = s->arg;
    const char *uplo = pb->uplo == 'L' ? "L" : "U";
    const int one = 1;
    int info = 0;
    TX_PB(potrs)(uplo, &s->n, &nrhs, s->factor->a, &s->ia, &s->ja,
                 s->a0->desc, x->a, &s->ia, &one, x->desc, &info, 1);
    return info;
}
