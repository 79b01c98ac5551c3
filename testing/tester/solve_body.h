/* Template body (tx_instantiate.h): the solve check of the factorization
 * testers (xllt, xlu) in one precision: random right-hand sides, the
 * solve with the factor under test (rhs.h's system), the residual
 * ||B - A X||_inf / (||A||_inf ||X||_inf N eps), and its worst over a
 * section's right-hand side counts and blocks.  Included after
 * dist_body.h. */
#include "testing/tester/checks.h"
#include "testing/tester/random.h"
#include "testing/tester/rhs.h"

/* Random right-hand sides in rows IA..IA+N-1 of B (from SEED), zero
 * elsewhere. */
static void TX_SFX(fill_rhs)(struct tester_dist *b, uint64_t seed, int ia,
                             int n)
{
    size_t lld = (size_t)b->desc[LLD_];
    TX_T *x = b->a;
    for (int lj = 0; lj < b->locc; lj++) {
        int gj = tester_dist_global_col(b, lj);
        for (int li = 0; li < b->locr; li++) {
            int si = tester_dist_global_row(b, li) - ia;
            x[li + lj * lld] =
                si >= 0 && si < n
                    ? TX_ELEM(tester_uniform_at(seed + 3, si, gj),
                              tester_uniform_at(seed + 7, si, gj))
                    : TX_ELEM(0.0, 0.0);
        }
    }
}

/* Solves S for NRHS random right-hand sides in column blocks of NBRHS,
 * and returns ||B - A X||_inf / (||A||_inf ||X||_inf N eps); negative
 * when the solver failed or memory ran out. */
static double TX_SFX(solve_residual)(const struct tester_system *s,
                                     int nrhs, int nbrhs)
{
    struct tester_dist b, x;
    const int *desc = s->a0->desc;
    const int one = 1;
    const TX_T one_t = 1.0, minus_one_t = -1.0;
    int n = s->n;
    double resid = -1.0;

    if (n == 0 || nrhs == 0)
        return 0.0;
    /* B's rows are distributed like A's, as P?POTRS and P?GETRS require. */
    if (TX_SFX(dist_create)(&b, desc[CTXT_], desc[M_], nrhs, desc[MB_],
                            nbrhs, desc[RSRC_], desc[CSRC_]) != 0)
        return -1.0;
    if (tester_dist_like(&x, &b) != 0) {
        tester_dist_destroy(&b);
        return -1.0;
    }
    TX_SFX(fill_rhs)(&b, s->seed, s->ia, n);
    TX_PB(lacpy)("A", &desc[M_], &nrhs, b.a, &one, &one, b.desc, x.a, &one,
                 &one, x.desc, 1);
    if (s->solve(s, nrhs, &x) == 0) {
        size_t worklen =
            tester_dist_norm_work(&b) + tester_dist_norm_work(s->a0);
        double norm_a, norm_x, norm_r;
        norm_a = TX_SFX(dist_norm)("I", n, n, s->a0->a, s->ia, s->ja, desc,
                                   worklen);
        norm_x = TX_SFX(dist_norm)("I", n, nrhs, x.a, s->ia, 1, x.desc,
                                   worklen);
        TX_PB(gemm)("N", "N", &n, &nrhs, &n, &minus_one_t, s->a0->a, &s->ia,
                    &s->ja, desc, x.a, &s->ia, &one, x.desc, &one_t, b.a,
                    &s->ia, &one, b.desc, 1, 1);
        norm_r = TX_SFX(dist_norm)("I", n, nrhs, b.a, s->ia, 1, b.desc,
                                   worklen);
        if (!(norm_a < 0.0 || norm_x < 0.0 || norm_r < 0.0))
            resid = norm_r / (norm_a * norm_x * n * TX_EPS);
    }
    tester_dist_destroy(&x);
    tester_dist_destroy(&b);
    return resid;
}

/* The worst solve residual of S over every (NRHS, NBRHS) pair of RHS. */
static double TX_SFX(worst_solve_residual)(const struct tester_system *s,
                                           const struct tester_rhs *rhs)
{
    double resid = 0.0;
    for (int i = 0; i < rhs->nnrhs; i++)
        for (int j = 0; j < rhs->nnbrhs; j++)
            resid = tester_worse(resid, TX_SFX(solve_residual)(
                                            s, rhs->nrhs[i], rhs->nbrhs[j]));
    return resid;
}
