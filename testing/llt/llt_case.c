/* One test case: build the distributed matrix, call PDPOTRF, check INFO,
 * the guard zones and the entries it must not touch, then the residuals
 * (the verdict is made global by testing/tester/frame.c). */
#include "config.h"

#include <mpi.h>

#include "llt_case.h"
#include "llt_checks.h"

/* The worse of two residuals; a failed one (negative or NaN) wins. */
static double worse(double current, double next)
{
    if (current != current || current < 0.0)
        return current;
    if (next != next || next < 0.0)
        return next;
    return next > current ? next : current;
}

static void check_solves(const struct llt_case *c,
                         const struct llt_problem *pb,
                         const struct llt_dist *a0,
                         const struct llt_dist *factor,
                         struct tester_local *r)
{
    double *resid = &r->resid[LLT_RESID_SOLVE];
    *resid = 0.0;
    for (int i = 0; i < c->nnrhs; i++)
        for (int j = 0; j < c->nnbrhs; j++)
            *resid = worse(*resid, llt_solve_residual(pb, a0, factor,
                                                      c->nrhs[i],
                                                      c->nbrhs[j]));
}

/* The checks run on the caller's layout when its blocks are large enough
 * for PBLAS and PDPOTRS to be quick.  Below LLT_CHECK_MIN_NB they would take
 * O(N^2) tiny steps, so the factor is first copied by PDGEMR2D into a
 * layout of sub(A) alone with LLT_CHECK_NB-sized blocks. */
#define LLT_CHECK_MIN_NB 16
#define LLT_CHECK_NB 64

static void check_residuals(const struct llt_case *c,
                            const struct llt_problem *pb,
                            const struct llt_dist *a, struct tester_local *r)
{
    struct llt_problem check_pb = *pb;
    struct llt_dist a0, copy;
    const struct llt_dist *factor = a;
    const int one = 1, zero = 0, check_nb = LLT_CHECK_NB;
    int context = a->desc[CTXT_];

    if (c->n == 0) {
        r->resid[LLT_RESID_FACTOR] = r->resid[LLT_RESID_SOLVE] = 0.0;
        return;
    }
    if (c->nb < LLT_CHECK_MIN_NB) {
        check_pb.ia = check_pb.ja = 1;
        if (llt_dist_create(&copy, context, c->n, c->n, check_nb, check_nb,
                            zero, zero) != 0)
            return;
        pdgemr2d_(&c->n, &c->n, a->a, &c->ia, &c->ja, a->desc, copy.a, &one,
                  &one, copy.desc, &context);
        factor = &copy;
    }
    if (llt_dist_create(&a0, context, factor->desc[M_], factor->desc[N_],
                        factor->desc[MB_], factor->desc[NB_],
                        factor->desc[RSRC_], factor->desc[CSRC_]) == 0) {
        llt_problem_fill(&check_pb, LLT_FILL_FULL, &a0);
        r->resid[LLT_RESID_FACTOR] =
            llt_factor_residual(&check_pb, &a0, factor);
        check_solves(c, &check_pb, &a0, factor, r);
        llt_dist_destroy(&a0);
    }
    if (factor == &copy)
        llt_dist_destroy(&copy);
}

void llt_run_on_grid(void *case_, uint64_t seed, int context,
                     struct tester_local *r)
{
    struct llt_case *c = case_;
    struct llt_problem pb = { c->n, c->ia, c->ja, c->uplo, c->bad_pivot,
                              c->seed };
    struct llt_dist a;
    int m = c->ia - 1 + c->n, n = c->ja - 1 + c->n, info = -1;
    double t0;

    c->seed = pb.seed = seed;
    if (llt_dist_create(&a, context, m, n, c->nb, c->nb, c->rsrc, c->csrc) !=
        0)
        return;
    r->setup_ok = 1;
    llt_problem_fill(&pb, LLT_FILL_INPUT, &a);

    Cblacs_barrier(context, "All");
    t0 = MPI_Wtime();
    pdpotrf_(&c->uplo, &c->n, a.a, &c->ia, &c->ja, a.desc, &info, 1);
    r->seconds = MPI_Wtime() - t0;

    r->info = info;
    r->info_ok = info == c->bad_pivot;
    r->damaged_guards = llt_dist_damaged_guards(&a);
    r->changed_outside = llt_problem_changed_outside(&pb, &a);
    /* The checks are collective: every process of the grid must take the
     * same branch even when a faulty library returns different INFOs. */
    if (c->bad_pivot == 0 &&
        tester_ranks_with_nonzero_info(context, info) == 0)
        check_residuals(c, &pb, &a, r);
    llt_dist_destroy(&a);
}

int llt_residuals_ok(const void *case_, const struct tester_outcome *o)
{
    const struct llt_case *c = case_;
    if (c->bad_pivot != 0)
        return 1;
    return llt_residual_ok(o->resid[LLT_RESID_FACTOR], c->thresh) &&
           llt_residual_ok(o->resid[LLT_RESID_SOLVE], c->thresh);
}
