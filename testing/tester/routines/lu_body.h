/* Template body (testing/tester/tx_instantiate.h, from lu.c): one LU case
 * (its variant is the matrix kind) in one precision: build the
 * distributed matrix, call the P?GETRF under test, then the reference
 * P?GETRF on the same matrix, check INFO against the reference's and the
 * kind's, the guard zones and the entries outside sub(A), IPIV against
 * the reference's, then the residuals (the verdict is made global by
 * testing/tester/frame.c). */
#include "testing/tester/dist_body.h"
#include "testing/tester/solve_body.h"
#include "lu_problem_body.h"
#include "lu_checks_body.h"

static void TX_SFX(check_solves)(const struct tester_case *c,
                                 const struct lu_problem *pb,
                                 const struct tester_dist *a0,
                                 const struct tester_dist *factor,
                                 const int *ipiv, struct tester_local *r)
{
    const struct tester_system s = { a0, factor, pb->n, pb->ia, pb->ja,
                                     pb->seed, TX_SFX(lu_getrs), ipiv };
    r->resid[LU_RESID_SOLVE] =
        solves(c) ? TX_SFX(worst_solve_residual)(&s, c->rhs) : 0.0;
}

static void TX_SFX(check_residuals)(const struct tester_case *c,
                                    const struct lu_problem *pb,
                                    const struct tester_dist *a,
                                    const struct lu_pivots *ipiv,
                                    struct tester_local *r)
{
    struct tester_dist a0;

    if (tester_dist_like(&a0, a) != 0)
        return;
    TX_SFX(lu_problem_fill)(pb, &a0);
    r->resid[LU_RESID_FACTOR] =
        TX_SFX(lu_factor_residual)(pb, &a0, a, ipiv);
    TX_SFX(check_solves)(c, pb, &a0, a, ipiv->v, r);
    tester_dist_destroy(&a0);
}

/* The pivots against the reference's, counted over the grid (the
 * residuals of world rank 0 are the reported ones). */
static void TX_SFX(compare_pivots)(const struct tester_case *c,
                                   const struct tester_dist *a,
                                   const struct lu_pivots *got,
                                   const struct lu_pivots *want,
                                   struct tester_local *r)
{
    int k = tester_min_int(c->m, c->n);
    int counts[2] = {
        (int)lu_pivots_differ_in_rows(got, want, a, c->ia, k),
        (int)lu_pivots_differ(got, want),
    };
    Cigsum2d(a->desc[CTXT_], "All", " ", 2, 1, counts, 2, -1, -1);
    r->resid[LU_RESID_PIV] = counts[0];
    r->resid[LU_RESID_IPIV] = counts[1];
}

static void TX_SFX(lu_run)(struct tester_case *c, uint64_t seed,
                           int context, struct tester_local *r)
{
    TX_SFX(tx_getrf_fn) *reference = (TX_SFX(tx_getrf_fn) *)c->reference;
    struct lu_problem pb;
    struct tester_dist a, ref;
    struct lu_pivots ipiv, ref_ipiv;
    int m = c->ia - 1 + c->m + c->pad, n = c->ja - 1 + c->n + c->pad;
    int info = -1, ref_info = -1;
    double t0;

    c->seed = seed;
    lu_problem_init(&pb, c->m, c->n, c->ia, c->ja, c->variant, seed);
    if (TX_SFX(dist_create)(&a, context, m, n, c->nb, c->nb, c->rsrc,
                            c->csrc) != 0)
        return;
    TX_SFX(lu_problem_fill)(&pb, &a);
    if (TX_SFX(dist_copy)(&ref, &a) != 0) {
        tester_dist_destroy(&a);
        return;
    }
    if (lu_pivots_create(&ipiv, &a) != 0) {
        tester_dist_destroy(&ref);
        tester_dist_destroy(&a);
        return;
    }
    if (lu_pivots_create(&ref_ipiv, &a) != 0) {
        lu_pivots_destroy(&ipiv);
        tester_dist_destroy(&ref);
        tester_dist_destroy(&a);
        return;
    }
    r->setup_ok = 1;

    Cblacs_barrier(context, "All");
    t0 = MPI_Wtime();
    TX_PB(getrf)(&c->m, &c->n, a.a, &c->ia, &c->ja, a.desc, ipiv.v, &info);
    r->seconds = MPI_Wtime() - t0;
    reference(&c->m, &c->n, ref.a, &c->ia, &c->ja, ref.desc, ref_ipiv.v,
              &ref_info);
    c->ref_info = ref_info;

    r->info = info;
    r->info_ok = info == ref_info && info == c->expected_info;
    r->damaged_guards = tester_dist_damaged_guards(&a) +
                        lu_pivots_damaged_guards(&ipiv);
    r->changed_outside = TX_SFX(lu_problem_changed_outside)(&pb, &a);
    TX_SFX(compare_pivots)(c, &a, &ipiv, &ref_ipiv, r);
    /* The checks are collective: every process of the grid must take the
     * same branch even when a faulty library returns different INFOs. */
    if (tester_ranks_with_nonzero_info(context, !r->info_ok) == 0)
        TX_SFX(check_residuals)(c, &pb, &a, &ipiv, r);
    lu_pivots_destroy(&ref_ipiv);
    lu_pivots_destroy(&ipiv);
    tester_dist_destroy(&ref);
    tester_dist_destroy(&a);
}
