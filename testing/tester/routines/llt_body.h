/* Template body (testing/tester/tx_instantiate.h, from llt.c): one
 * P?POTRF case (its variant is UPLO) in one precision: build the
 * distributed matrix, call the P?POTRF under test, check INFO, the guard
 * zones and the entries it must not touch, then the residuals and, for
 * the complex special cases, the reference P?POTRF's result (the verdict
 * is made global by testing/tester/frame.c). */
#include "testing/tester/dist_body.h"
#include "testing/tester/solve_body.h"
#include "llt_generate_body.h"
#include "llt_checks_body.h"

static void TX_SFX(check_solves)(const struct tester_case *c,
                                 const struct llt_problem *pb,
                                 const struct tester_dist *a0,
                                 const struct tester_dist *factor,
                                 struct tester_local *r)
{
    const struct tester_system s = { a0, factor, pb->n, pb->ia, pb->ja,
                                     pb->seed, TX_SFX(llt_potrs), pb };
    r->resid[LLT_RESID_SOLVE] = TX_SFX(worst_solve_residual)(&s, c->rhs);
}

static void TX_SFX(check_residuals)(const struct tester_case *c,
                                    const struct llt_problem *pb,
                                    const struct tester_dist *a,
                                    struct tester_local *r)
{
    struct llt_problem check_pb = *pb;
    struct tester_dist a0, copy;
    const struct tester_dist *factor = a;
    const int one = 1, zero = 0, check_nb = LLT_CHECK_NB;
    int context = a->desc[CTXT_];

    if (c->n == 0) {
        r->resid[LLT_RESID_FACTOR] = r->resid[LLT_RESID_SOLVE] = 0.0;
        return;
    }
    if (c->nb < LLT_CHECK_MIN_NB) {
        check_pb.ia = check_pb.ja = 1;
        if (TX_SFX(dist_create)(&copy, context, c->n, c->n, check_nb,
                                check_nb, zero, zero) != 0)
            return;
        TX_PB(gemr2d)(&c->n, &c->n, a->a, &c->ia, &c->ja, a->desc, copy.a,
                      &one, &one, copy.desc, &context);
        factor = &copy;
    }
    if (tester_dist_like(&a0, factor) == 0) {
        TX_SFX(llt_problem_fill)(&check_pb, LLT_FILL_FULL, &a0);
        r->resid[LLT_RESID_FACTOR] =
            TX_SFX(llt_factor_residual)(&check_pb, &a0, factor);
        TX_SFX(check_solves)(c, &check_pb, &a0, factor, r);
        tester_dist_destroy(&a0);
    }
    if (factor == &copy)
        tester_dist_destroy(&copy);
}

/* Whether the 1-based global entry (GI, GJ) is in the factor triangle of
 * sub(A) / on its diagonal. */
static int TX_SFX(in_triangle)(const struct llt_problem *pb, int gi, int gj,
                               int diagonal_only)
{
    int si = gi - pb->ia, sj = gj - pb->ja;
    if (si < 0 || sj < 0 || si >= pb->n || sj >= pb->n)
        return 0;
    if (diagonal_only)
        return si == sj;
    return pb->uplo == 'L' ? si >= sj : si <= sj;
}

/* Local diagonal entries of the factor in A with a nonzero imaginary
 * part (none in real precisions). */
static long TX_SFX(complex_diagonal)(const struct llt_problem *pb,
                                     const struct tester_dist *a)
{
    long count = 0;
#if TX_COMPLEX
    size_t lld = (size_t)a->desc[LLD_];
    const TX_T *x = a->a;
    for (int lj = 0; lj < a->locc; lj++) {
        int gj = tester_dist_global_col(a, lj);
        for (int li = 0; li < a->locr; li++)
            if (TX_SFX(in_triangle)(pb, tester_dist_global_row(a, li), gj,
                                    1))
                count += TX_IM(x[li + lj * lld]) != 0.0;
    }
#else
    (void)pb;
    (void)a;
#endif
    return count;
}

/* The factor in A against the reference's in REF (same layout):
 * max |difference| / (max |REF| N eps) over the factor triangle of
 * sub(A), on every process of the grid (collective). */
static double TX_SFX(llt_compare)(const struct llt_problem *pb,
                                  const struct tester_dist *a,
                                  const struct tester_dist *ref)
{
    size_t lld = (size_t)a->desc[LLD_];
    const TX_T *x = a->a, *y = ref->a;
    double mx[2] = { 0.0, 0.0 };   /* max |difference|, max |REF| */

    for (int lj = 0; lj < a->locc; lj++) {
        int gj = tester_dist_global_col(a, lj);
        for (int li = 0; li < a->locr; li++) {
            size_t k = li + lj * lld;
            double d;
            if (!TX_SFX(in_triangle)(pb, tester_dist_global_row(a, li), gj,
                                     0))
                continue;
            d = TX_ABS(x[k] - y[k]);
            if (d != d) /* a NaN, which the maximum below could lose */
                d = INFINITY;
            if (d > mx[0])
                mx[0] = d;
            if (TX_ABS(y[k]) > mx[1])
                mx[1] = TX_ABS(y[k]);
        }
    }
    Cdgamx2d(a->desc[CTXT_], "All", " ", 2, 1, mx, 2, NULL, NULL, -1, -1,
             -1);
    return mx[0] / ((mx[1] > 0.0 ? mx[1] : 1.0) * pb->n * TX_EPS);
}

static void TX_SFX(llt_run)(struct tester_case *c, uint64_t seed,
                            int context, struct tester_local *r)
{
    struct llt_problem pb = { c->n, c->ia, c->ja, c->variant, c->special,
                              c->expected_info, seed };
    TX_SFX(tx_potrf_fn) *reference = (TX_SFX(tx_potrf_fn) *)c->reference;
    struct tester_dist a, ref;
    int m = c->ia - 1 + c->n, n = c->ja - 1 + c->n, info = -1;
    int ref_info = 0;
    double t0;

    c->seed = seed;
    if (TX_SFX(dist_create)(&a, context, m, n, c->nb, c->nb, c->rsrc,
                            c->csrc) != 0)
        return;
    TX_SFX(llt_problem_fill)(&pb, LLT_FILL_INPUT, &a);
    if (reference != NULL && TX_SFX(dist_copy)(&ref, &a) != 0) {
        tester_dist_destroy(&a);
        return;
    }
    r->setup_ok = 1;

    Cblacs_barrier(context, "All");
    t0 = MPI_Wtime();
    TX_PB(potrf)(&c->variant, &c->n, a.a, &c->ia, &c->ja, a.desc, &info,
                 1);
    r->seconds = MPI_Wtime() - t0;
    if (reference != NULL) /* the same input */
        reference(&c->variant, &c->n, ref.a, &c->ia, &c->ja, ref.desc,
                  &ref_info, 1);
    c->ref_info = ref_info;

    /* a NaN pivot is not positive either: INFO = PIVOT, as hetscal
     * documents (the reference, which tests only AJJ <= 0, says 0) */
    r->info = info;
    r->info_ok = info == c->expected_info;
    r->damaged_guards = tester_dist_damaged_guards(&a);
    r->changed_outside = TX_SFX(llt_problem_changed_outside)(&pb, &a);
    /* The checks are collective: every process of the grid must take the
     * same branch even when a faulty library returns different INFOs. */
    if ((c->special == LLT_SPD || c->special == LLT_IMAG_DIAG) &&
        tester_ranks_with_nonzero_info(context, info) == 0) {
        r->own_ok = TX_SFX(complex_diagonal)(&pb, &a) == 0;
        TX_SFX(check_residuals)(c, &pb, &a, r);
        if (reference != NULL)
            r->resid[LLT_RESID_CMP] = TX_SFX(llt_compare)(&pb, &a, &ref);
    }
    if (reference != NULL)
        tester_dist_destroy(&ref);
    tester_dist_destroy(&a);
}
