/* time_pdpotrf: hetscal's PDPOTRF and the reference ScaLAPACK's, timed side
 * by side and interleaved on the same matrix (regenerated before each run):
 *   mpiexec.mpich -n 2 timing/time_pdpotrf -n 4000 -nb 128 -p 1 -q 2 -reps 3
 * Per case: best and median seconds and GFLOP/s (N^3/3 flops) of each, the
 * ratio reference/hetscal (> 1: hetscal is faster), and the residual
 * ||A - LL'||_1 / (||A||_1 N eps) of hetscal's factor.  -h lists options. */
#include "config.h"

#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "llt_checks.h"
#include "time_pdpotrf.h"

struct timings {
    double *ours, *ref;   /* per repetition, slowest rank */
    double resid;
    int bad_info;         /* ranks where a routine returned INFO != 0 */
};

static int world_rank(void)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

static double timed_call(pdpotrf_fn *fn, const struct time_case *c,
                         char uplo, struct llt_dist *a, int *info)
{
    const int one = 1;
    double t0;
    Cblacs_barrier(a->desc[CTXT_], "All");
    t0 = MPI_Wtime();
    fn(&uplo, &c->n, a->a, &one, &one, a->desc, info, 1);
    return MPI_Wtime() - t0;
}

static double residual_of(const struct llt_problem *pb,
                          const struct llt_dist *factor)
{
    struct llt_dist a0;
    const int *d = factor->desc;
    double resid = NAN;
    if (llt_dist_create(&a0, d[CTXT_], d[M_], d[N_], d[MB_], d[NB_],
                        d[RSRC_], d[CSRC_]) == 0) {
        llt_problem_fill(pb, LLT_FILL_FULL, &a0);
        resid = llt_factor_residual(pb, &a0, factor);
        llt_dist_destroy(&a0);
    }
    return resid;
}

/* Runs on the processes of the grid: REPS rounds of both routines, the
 * order alternating from round to round. */
static void run_on_grid(const struct time_case *c,
                        const struct time_options *opt, pdpotrf_fn *ref,
                        int context, struct timings *t)
{
    struct llt_problem pb = { c->n, 1, 1, opt->uplo, 0, 2024 };
    struct llt_dist a;

    if (llt_dist_create(&a, context, c->n, c->n, c->nb, c->nb, 0, 0) != 0) {
        t->bad_info = 1;
        return;
    }
    for (int r = 0; r < c->reps; r++)
        for (int k = 0; k < 2; k++) {
            int ours = (r + k) % 2 == 0, info = 0;
            llt_problem_fill(&pb, LLT_FILL_INPUT, &a);
            if (ours)
                t->ours[r] = timed_call(pdpotrf_, c, opt->uplo, &a, &info);
            else
                t->ref[r] = timed_call(ref, c, opt->uplo, &a, &info);
            t->bad_info += info != 0;
            if (ours && r == 0 && opt->check)
                t->resid = residual_of(&pb, &a);
        }
    llt_dist_destroy(&a);
}

static void print_case(const struct time_case *c, struct timings *t,
                       int checked)
{
    double ours_best = time_best(t->ours, c->reps);
    double ref_best = time_best(t->ref, c->reps);
    char grid[32], resid[32];

    snprintf(grid, sizeof grid, "%dx%d", c->p, c->q);
    if (checked)
        snprintf(resid, sizeof resid, "%9.2e", t->resid);
    else
        snprintf(resid, sizeof resid, "%9s", "-");
    printf("%6d %5d %7s %4d  %9.4f %9.4f %8.2f  %9.4f %9.4f %8.2f  %6.2f "
           "%s%s\n",
           c->n, c->nb, grid, c->reps, ours_best,
           time_median(t->ours, c->reps),
           time_cholesky_gflops(c->n, ours_best), ref_best,
           time_median(t->ref, c->reps), time_cholesky_gflops(c->n, ref_best),
           ours_best > 0.0 ? ref_best / ours_best : 0.0, resid,
           t->bad_info ? "  INFO != 0!" : "");
    fflush(stdout);
}

static void time_case(const struct time_case *c,
                      const struct time_options *opt, pdpotrf_fn *ref,
                      int nprocs)
{
    struct timings t = { NULL, NULL, NAN, 0 };
    int context, nprow = -1, npcol, myrow, mycol, bad_info;
    double *all = calloc(4 * (size_t)c->reps, sizeof *all);

    if (c->p * c->q > nprocs || all == NULL) {
        if (world_rank() == 0)
            printf("%6d %5d %4dx%-2d skipped: needs %d processes\n", c->n,
                   c->nb, c->p, c->q, c->p * c->q);
        free(all);
        return;
    }
    t.ours = all;
    t.ref = all + c->reps;
    Cblacs_get(-1, 0, &context);
    Cblacs_gridinit(&context, "Row", c->p, c->q);
    if (context >= 0)
        Cblacs_gridinfo(context, &nprow, &npcol, &myrow, &mycol);
    if (nprow > 0) {
        run_on_grid(c, opt, ref, context, &t);
        Cblacs_gridexit(context);
    }
    /* slowest rank per run; world rank 0 is process (0,0) of every grid */
    MPI_Allreduce(t.ours, all + 2 * c->reps, 2 * c->reps, MPI_DOUBLE,
                  MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&t.bad_info, &bad_info, 1, MPI_INT, MPI_SUM,
                  MPI_COMM_WORLD);
    t.ours = all + 2 * c->reps;
    t.ref = all + 3 * c->reps;
    t.bad_info = bad_info;
    if (world_rank() == 0)
        print_case(c, &t, opt->check);
    free(all);
}

static void print_ceiling(int n)
{
    double mine = time_dgemm_gflops(n), lo, hi, sum;
    MPI_Allreduce(&mine, &lo, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &hi, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (world_rank() == 0)
        printf("ceiling: DGEMM %d^3 on every rank at once: %.2f .. %.2f "
               "GFLOP/s per rank, %.2f GFLOP/s in all\n",
               n, lo, hi, sum);
}

int main(int argc, char **argv)
{
    struct time_options opt;
    pdpotrf_fn *ref;
    char err[256];
    int me, nprocs, rc;

    Cblacs_pinfo(&me, &nprocs);
    rc = time_parse_options(argc, argv, &opt, err, sizeof err);
    ref = rc == 0 ? time_reference_pdpotrf() : NULL;
    if (rc != 0 || ref == NULL) {
        if (me == 0 && rc == 1)
            time_print_usage(argv[0]);
        else if (me == 0 && rc < 0)
            fprintf(stderr, "time_pdpotrf: %s (-h for help)\n", err);
        Cblacs_exit(0);
        return rc == 1 ? 0 : 1;
    }
    if (me == 0)
        printf("time_pdpotrf: %d processes, UPLO %c; reference: %s%s\n",
               nprocs, opt.uplo, HETSCAL_REFERENCE_SCALAPACK,
               ref == pdpotrf_ ? " (the same routine as ours: hetscal is "
                                 "not first on the link line)"
                               : "");
    if (opt.ceiling_n > 0)
        print_ceiling(opt.ceiling_n);
    if (me == 0)
        printf("%6s %5s %7s %4s  %9s %9s %8s  %9s %9s %8s  %6s %9s\n", "N",
               "NB", "PxQ", "reps", "hs best", "hs median", "hs GF/s",
               "ref best", "ref med", "ref GF/s", "ref/hs", "resid");
    for (int i = 0; i < opt.ncases; i++)
        time_case(&opt.cases[i], &opt, ref, nprocs);
    Cblacs_exit(0);
    return 0;
}
