/* One test case: build the distributed matrix, call PDPOTRF, check INFO,
 * the guard zones and the entries it must not touch, then the residuals;
 * the verdict is made global over MPI_COMM_WORLD. */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <string.h>

#include "llt_case.h"
#include "llt_checks.h"

struct local_result {
    double seconds, resid_factor, resid_solve;
    int info, info_ok, setup_ok;
    long damaged_guards, changed_outside;
};

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
                         struct local_result *r)
{
    r->resid_solve = 0.0;
    for (int i = 0; i < c->nnrhs; i++)
        for (int j = 0; j < c->nnbrhs; j++)
            r->resid_solve = worse(r->resid_solve,
                                   llt_solve_residual(pb, a0, factor,
                                                      c->nrhs[i],
                                                      c->nbrhs[j]));
}

static int ranks_with_nonzero_info(int context, int info)
{
    int count = info != 0;
    Cigsum2d(context, "All", " ", 1, 1, &count, 1, -1, -1);
    return count;
}

/* The checks run on the caller's layout when its blocks are large enough
 * for PBLAS and PDPOTRS to be quick.  Below LLT_CHECK_MIN_NB they would take
 * O(N^2) tiny steps, so the factor is first copied by PDGEMR2D into a
 * layout of sub(A) alone with LLT_CHECK_NB-sized blocks. */
#define LLT_CHECK_MIN_NB 16
#define LLT_CHECK_NB 64

static void check_residuals(const struct llt_case *c,
                            const struct llt_problem *pb,
                            const struct llt_dist *a, struct local_result *r)
{
    struct llt_problem check_pb = *pb;
    struct llt_dist a0, copy;
    const struct llt_dist *factor = a;
    const int one = 1, zero = 0, check_nb = LLT_CHECK_NB;
    int context = a->desc[CTXT_];

    if (c->n == 0) {
        r->resid_factor = r->resid_solve = 0.0;
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
        r->resid_factor = llt_factor_residual(&check_pb, &a0, factor);
        check_solves(c, &check_pb, &a0, factor, r);
        llt_dist_destroy(&a0);
    }
    if (factor == &copy)
        llt_dist_destroy(&copy);
}

static void run_on_grid(const struct llt_case *c, int context,
                        struct local_result *r)
{
    struct llt_problem pb = { c->n, c->ia, c->ja, c->uplo, c->bad_pivot,
                              c->seed };
    struct llt_dist a;
    int m = c->ia - 1 + c->n, n = c->ja - 1 + c->n, info = -1;
    double t0;

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
    if (c->bad_pivot == 0 && ranks_with_nonzero_info(context, info) == 0)
        check_residuals(c, &pb, &a, r);
    llt_dist_destroy(&a);
}

static int residuals_ok(const struct llt_case *c, const struct llt_outcome *o)
{
    if (c->bad_pivot != 0)
        return 1;
    return llt_residual_ok(o->resid_factor, c->thresh) &&
           llt_residual_ok(o->resid_solve, c->thresh);
}

void llt_run_case(const struct llt_case *c, int context,
                  struct llt_outcome *out)
{
    struct local_result r;
    int flags[2], all_flags[2], infos[2], all_infos[2];
    long counts[2], all_counts[2];
    double residuals[2];

    memset(&r, 0, sizeof r);
    r.info_ok = 1;
    r.setup_ok = 1;
    r.resid_factor = r.resid_solve = NAN;
    if (context >= 0) {
        r.setup_ok = 0;
        run_on_grid(c, context, &r);
    }

    flags[0] = r.info_ok;
    flags[1] = r.setup_ok;
    MPI_Allreduce(flags, all_flags, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
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
    residuals[0] = r.resid_factor;
    residuals[1] = r.resid_solve;
    MPI_Bcast(residuals, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    out->resid_factor = residuals[0];
    out->resid_solve = residuals[1];
    out->info_min = all_infos[0];
    out->info_max = -all_infos[1];
    out->info_ok = all_flags[0];
    out->damaged_guards = all_counts[0];
    out->changed_outside = all_counts[1];
    out->passed = all_flags[0] && all_flags[1] && all_counts[0] == 0 &&
                  all_counts[1] == 0 && residuals_ok(c, out);
}
