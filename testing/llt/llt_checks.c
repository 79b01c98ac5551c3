/* Residual checks: the factor is rebuilt with PDGEMM and compared with the
 * original matrix, then used by the reference PDPOTRS to solve a system. */
#include "config.h"

#include "llt_checks.h"

static const int one = 1;
static const double zero_d = 0.0, one_d = 1.0, minus_one_d = -1.0;

double llt_factor_residual(const struct llt_problem *pb,
                           const struct llt_dist *a0,
                           const struct llt_dist *factor)
{
    struct llt_dist tri, diff;
    const int *desc = a0->desc;
    const char *ta = pb->uplo == 'L' ? "N" : "T";
    const char *tb = pb->uplo == 'L' ? "T" : "N";
    const char *uplo = pb->uplo == 'L' ? "L" : "U";
    size_t worklen = llt_dist_norm_work(a0);
    double norm_a, norm_diff, resid = -1.0;

    if (pb->n == 0)
        return 0.0;
    if (tester_dist_like(&tri, a0) != 0)
        return -1.0;
    if (tester_dist_like(&diff, a0) != 0) {
        llt_dist_destroy(&tri);
        return -1.0;
    }
    /* tri = the factor's triangle, zero elsewhere; diff = A - tri*tri^T */
    pdlaset_("A", &desc[M_], &desc[N_], &zero_d, &zero_d, tri.a, &one, &one,
             desc, 1);
    pdlacpy_(uplo, &pb->n, &pb->n, factor->a, &pb->ia, &pb->ja, desc, tri.a,
             &pb->ia, &pb->ja, desc, 1);
    pdlacpy_("A", &pb->n, &pb->n, a0->a, &pb->ia, &pb->ja, desc, diff.a,
             &pb->ia, &pb->ja, desc, 1);
    pdgemm_(ta, tb, &pb->n, &pb->n, &pb->n, &minus_one_d, tri.a, &pb->ia,
            &pb->ja, desc, tri.a, &pb->ia, &pb->ja, desc, &one_d, diff.a,
            &pb->ia, &pb->ja, desc, 1, 1);
    norm_a = tester_norm("1", pb->n, pb->n, a0->a, pb->ia, pb->ja, desc,
                         worklen);
    norm_diff = tester_norm("1", pb->n, pb->n, diff.a, pb->ia, pb->ja, desc,
                            worklen);
    if (!(norm_a < 0.0 || norm_diff < 0.0)) /* a NaN goes through */
        resid = norm_diff / (norm_a * pb->n * tester_eps());
    llt_dist_destroy(&diff);
    llt_dist_destroy(&tri);
    return resid;
}

double llt_solve_residual(const struct llt_problem *pb,
                          const struct llt_dist *a0,
                          const struct llt_dist *factor, int nrhs, int nbrhs)
{
    struct llt_dist b, x;
    const int *desc = a0->desc;
    const char *uplo = pb->uplo == 'L' ? "L" : "U";
    int info = 0;
    double resid = -1.0;

    if (pb->n == 0 || nrhs == 0)
        return 0.0;
    /* B's rows are distributed like A's, as PDPOTRS requires. */
    if (llt_dist_create(&b, desc[CTXT_], desc[M_], nrhs, desc[MB_], nbrhs,
                        desc[RSRC_], desc[CSRC_]) != 0)
        return -1.0;
    if (tester_dist_like(&x, &b) != 0) {
        llt_dist_destroy(&b);
        return -1.0;
    }
    llt_fill_rhs(pb, &b);
    pdlacpy_("A", &desc[M_], &nrhs, b.a, &one, &one, b.desc, x.a, &one,
             &one, x.desc, 1);
    pdpotrs_(uplo, &pb->n, &nrhs, factor->a, &pb->ia, &pb->ja, desc, x.a,
             &pb->ia, &one, x.desc, &info, 1);
    if (info == 0) {
        size_t worklen = llt_dist_norm_work(&b) + llt_dist_norm_work(a0);
        double norm_a, norm_x, norm_r;
        norm_a = tester_norm("I", pb->n, pb->n, a0->a, pb->ia, pb->ja, desc,
                             worklen);
        norm_x = tester_norm("I", pb->n, nrhs, x.a, pb->ia, 1, x.desc,
                             worklen);
        pdgemm_("N", "N", &pb->n, &nrhs, &pb->n, &minus_one_d, a0->a,
                &pb->ia, &pb->ja, desc, x.a, &pb->ia, &one, x.desc, &one_d,
                b.a, &pb->ia, &one, b.desc, 1, 1);
        norm_r = tester_norm("I", pb->n, nrhs, b.a, pb->ia, 1, b.desc,
                             worklen);
        if (!(norm_a < 0.0 || norm_x < 0.0 || norm_r < 0.0))
            resid = norm_r / (norm_a * norm_x * pb->n * tester_eps());
    }
    llt_dist_destroy(&x);
    llt_dist_destroy(&b);
    return resid;
}
