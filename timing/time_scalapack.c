/* time_scalapack: hetscal's P?POTRF, P?GEQRF and P?GETRF against the
 * reference ScaLAPACK's, in any of the four precisions, side by side on the
 * same matrices, with the GEMM rate of the same cores measured in the same
 * run:
 *   testing/launch 1 timing/time_scalapack -f timing/potrf_default.dat
 *   testing/launch 2 timing/time_scalapack -n 4000 -p 1 -q 2 -csv out.csv
 *   testing/launch 2 timing/time_scalapack -precision s,d,c,z -n 1000
 * For each case the matrix is regenerated before every run and the two
 * routines alternate (ours, ref, ref, ours, ...); one table line per case
 * (README, "Timing", explains the columns) and, with -csv, one CSV line.
 * The exit status is the number of failed residual checks. */
#include "config.h"

#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "testing/tester/checks.h"
#include "time_scalapack.h"

const struct time_routine *const time_routines[] = { &time_potrf, &time_geqrf,
                                                     &time_getrf, NULL };

struct outcome {
    double *ours, *ref;   /* per repetition, slowest rank */
    double resid, ceiling;
    int threads, failed;  /* failed: ranks where setup failed or INFO != 0 */
    char plan[192];       /* how hetscal ran its last call (hetscal_last_call) */
};

static int world_rank(void)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

static double timed_call(struct time_run *run, int ours, int *failed)
{
    double t0;
    run->c->routine->fill(run);
    Cblacs_barrier(run->context, "All");
    t0 = MPI_Wtime();
    *failed += run->c->routine->call(run, ours) != 0;
    return MPI_Wtime() - t0;
}

/* Whether any process of the grid says so. */
static int any_in_grid(int context, int flag)
{
    Cigsum2d(context, "All", " ", 1, 1, &flag, 1, -1, -1);
    return flag != 0;
}

/* Whether the program's routine is the reference's own (libhetscal lacks
 * it, or is not first on the link line). */
static int ours_is_reference(const struct time_case *c)
{
    char symbol[24];
    time_routine_symbol(c->routine, c->prec, symbol, sizeof symbol);
    return time_reference_symbol(symbol) == time_ours(c);
}

/* On the processes of the grid: REPS rounds of both routines, the order
 * alternating from round to round; the residual of our first result. */
static void run_on_grid(const struct time_case *c, int context,
                        struct outcome *o)
{
    const struct time_routine *rt = c->routine;
    struct time_run run;
    char symbol[24];
    int bad;

    memset(&run, 0, sizeof run);
    run.c = c;
    run.context = context;
    time_routine_symbol(rt, c->prec, symbol, sizeof symbol);
    run.ref = time_reference_symbol(symbol);
    bad = run.ref == NULL || time_matrix_create(&run.a, c->prec, context,
                                                c->m, c->n, c->nb) != 0;
    bad = any_in_grid(context, bad);
    if (!bad)
        bad = any_in_grid(context, rt->setup != NULL && rt->setup(&run) != 0);
    int reference_itself = ours_is_reference(c);
    for (int r = 0; r < c->reps && !bad; r++)
        for (int k = 0; k < 2; k++) {
            int ours = (r + k) % 2 == 0;
            if (ours) {
                o->ours[r] = timed_call(&run, 1, &o->failed);
                snprintf(o->plan, sizeof o->plan, "%s",
                         reference_itself ? "the reference itself" : hetscal_last_call());
            }
            else
                o->ref[r] = c->noref ? NAN : timed_call(&run, 0, &o->failed);
            if (ours && r == 0 && c->check)
                o->resid = rt->residual(&run);
        }
    o->failed += bad;
    if (rt->teardown != NULL)
        rt->teardown(&run);
    free(run.extra);
    time_matrix_destroy(&run.a);
}

static const char *devices_shown(const struct time_case *c)
{
    const char *env = getenv("HETSCAL_DEVICES");
    if (strcmp(c->devices, "-") != 0)
        return c->devices;
    return env != NULL && env[0] != '\0' ? env : "-";
}

static const char *check_word(const struct time_case *c,
                              const struct outcome *o)
{
    if (o->failed)
        return "FAILED";
    if (!c->check)
        return "-";
    return tester_residual_ok(o->resid, c->thresh) ? "PASSED" : "FAILED";
}

static void print_header(void)
{
    printf("%-7s %6s %6s %4s %5s %3s %-7s  %8s %8s %7s  %8s %8s %7s  %6s  "
           "%7s %5s %5s  %9s %s\n",
           "ROUTINE", "M", "N", "NB", "PxQ", "THR", "DEVICES", "hs best",
           "hs med", "hs GF/s", "ref best", "ref med", "ref GF/s", "ref/hs",
           "ceil GF", "hs%", "ref%", "resid", "CHECK");
}

static void print_case(const struct time_case *c, struct outcome *o,
                       FILE *csv)
{
    const struct time_routine *rt = c->routine;
    double flops = rt->flops(c->m, c->n) * time_flop_factor(c->prec);
    double hs = time_best(o->ours, c->reps), ref = time_best(o->ref, c->reps);
    double hs_med = time_median(o->ours, c->reps);
    double ref_med = time_median(o->ref, c->reps);
    double hs_gf = time_gflops(flops, hs), ref_gf = time_gflops(flops, ref);
    double ceil = o->ceiling > 0.0 ? o->ceiling : NAN;
    char grid[32], resid[32], name[16];

    time_routine_name(rt, c->prec, name, sizeof name);
    snprintf(grid, sizeof grid, "%dx%d", c->p, c->q);
    if (c->check && !o->failed)
        snprintf(resid, sizeof resid, "%9.2e", o->resid);
    else
        snprintf(resid, sizeof resid, "%9s", "-");
    printf("%-7s %6d %6d %4d %5s %3d %-7s  %8.4f %8.4f %7.2f  %8.4f %8.4f "
           "%7.2f  %6.2f  %7.2f %5.1f %5.1f  %s %s%s\n",
           name, c->m, c->n, c->nb, grid, o->threads, devices_shown(c),
           hs, hs_med, hs_gf, ref, ref_med, ref_gf, hs > 0.0 ? ref / hs : 0.0,
           o->ceiling, 100.0 * hs_gf / ceil, 100.0 * ref_gf / ceil, resid,
           check_word(c, o), o->failed ? "  (INFO != 0 or no memory)" : "");
    printf("  plan: %s\n", o->plan[0] ? o->plan : "-");
    fflush(stdout);
    if (csv != NULL) {
        fprintf(csv, "%s,%d,%d,%d,%d,%d,%d,%s,%d,%.6f,%.6f,%.4f,%.6f,%.6f,"
                     "%.4f,%.4f,%.4f,%.4f,%.4f,%.4e,%s,%d,\"%s\"\n",
                name, c->m, c->n, c->nb, c->p, c->q, o->threads,
                devices_shown(c), c->reps, hs, hs_med, hs_gf, ref, ref_med,
                ref_gf, hs > 0.0 ? ref / hs : 0.0, o->ceiling, hs_gf / ceil,
                ref_gf / ceil, c->check ? o->resid : NAN, check_word(c, o),
                ours_is_reference(c), o->plan);
        fflush(csv);
    }
}

/* One BLACS grid per shape for the whole run, created when first needed
 * (every process calls this for every case, in the same order): BLACS
 * context numbers are then never reused during the run. */
static struct { int p, q, context; } grids[64];
static int ngrids;

static int grid_context(int p, int q)
{
    int i = 0, context;
    while (i < ngrids && (grids[i].p != p || grids[i].q != q))
        i++;
    if (i < ngrids)
        return grids[i].context;
    Cblacs_get(-1, 0, &context);
    Cblacs_gridinit(&context, "Row", p, q);
    if (ngrids < (int)(sizeof grids / sizeof grids[0])) {
        grids[ngrids].p = p;
        grids[ngrids].q = q;
        grids[ngrids++].context = context;
    }
    return context;
}

static void grids_exit(void)
{
    for (int i = 0; i < ngrids; i++)
        if (grids[i].context >= 0)
            Cblacs_gridexit(grids[i].context);
    ngrids = 0;
}

/* Every process of the world runs every case; those outside the grid
 * only join the collective steps.  Returns 1 when the check failed. */
static int time_case(const struct time_case *c, int nprocs, FILE *csv)
{
    struct outcome o = { NULL, NULL, NAN, 0.0, 0, 0, "" };
    int context, nprow = -1, npcol, myrow, mycol, failed, in_grid;
    double *all = calloc(4 * (size_t)c->reps, sizeof *all);
    int ceiling_nb = c->ceiling_nb ? c->ceiling_nb : c->n < 384 ? c->n : 384;

    if (c->p * c->q > nprocs || all == NULL) {
        char grid[32], name[16];
        snprintf(grid, sizeof grid, "%dx%d", c->p, c->q);
        time_routine_name(c->routine, c->prec, name, sizeof name);
        if (world_rank() == 0)
            printf("%-7s %6d %6d %4d %5s skipped: needs %d processes\n",
                   name, c->m, c->n, c->nb, grid, c->p * c->q);
        free(all);
        return 0;
    }
    o.ours = all;
    o.ref = all + c->reps;
    context = grid_context(c->p, c->q);
    if (context >= 0)
        Cblacs_gridinfo(context, &nprow, &npcol, &myrow, &mycol);
    in_grid = nprow > 0;
    o.threads = time_threads_per_rank(c->threads, in_grid);
    time_threads_apply(o.threads, c->devices);
    o.ceiling = ceiling_nb > 0 ? time_ceiling_gflops(in_grid, o.threads, ceiling_nb, c->prec)
                               : NAN;   /* -noceiling */
    if (in_grid)
        run_on_grid(c, context, &o);
    time_idle_barrier();
    /* measured before and after: the larger is what the cores can do */
    if (ceiling_nb > 0)
        o.ceiling = fmax(o.ceiling,
                         time_ceiling_gflops(in_grid, o.threads, ceiling_nb,
                                             c->prec));
    /* world rank 0 is process (0,0) of every grid and has the residual */
    MPI_Allreduce(o.ours, all + 2 * c->reps, 2 * c->reps, MPI_DOUBLE,
                  MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&o.failed, &failed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    o.ours = all + 2 * c->reps;
    o.ref = all + 3 * c->reps;
    o.failed = failed;
    MPI_Bcast(&o.resid, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (world_rank() == 0)
        print_case(c, &o, csv);
    failed = strcmp(check_word(c, &o), "FAILED") == 0;
    free(all);
    return failed;
}

static void print_preamble(const struct time_options *opt, int nprocs)
{
    printf("time_scalapack: %d processes; reference: %s\n", nprocs,
           HETSCAL_REFERENCE_SCALAPACK);
    for (int i = 0; i < opt->ncases; i++) {
        const struct time_case *c = &opt->cases[i];
        char name[16];
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= opt->cases[j].routine == c->routine
                    && opt->cases[j].prec == c->prec;
        if (seen)
            continue;
        time_routine_name(c->routine, c->prec, name, sizeof name);
        printf("  %s: GFLOP/s from %s%s%s flops; resid = %s, eps = %.3g%s\n",
               name, c->prec->parts == 2 ? "4 x (" : "",
               c->routine->flops_text, c->prec->parts == 2 ? ")" : "",
               c->routine->resid_text, c->prec->eps,
               ours_is_reference(c)
                   ? "\n    NOTE: hs is the reference routine itself "
                     "(libhetscal has none, or is not first on the link "
                     "line)"
                   : "");
    }
    printf("times in seconds (slowest rank), best and median of the "
           "repetitions; GF/s from the best; ceil GF: GEMM of the case's "
           "precision on the grid's cores, hs%%/ref%% of it\n");
}

int main(int argc, char **argv)
{
    struct time_options opt;
    FILE *csv = NULL;
    char err[256];
    int me, nprocs, rc, failed = 0;

    Cblacs_pinfo(&me, &nprocs);
    rc = time_parse_options(argc, argv, &opt, err, sizeof err);
    if (rc == 0 && me == 0 && opt.csv != NULL &&
        (csv = fopen(opt.csv, "w")) == NULL) {
        snprintf(err, sizeof err, "cannot write %s", opt.csv);
        rc = -1;
    }
    MPI_Allreduce(MPI_IN_PLACE, &rc, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (rc != 0) {
        if (me == 0 && rc == 1)
            time_print_usage(argv[0]);
        else if (me == 0)
            fprintf(stderr, "time_scalapack: %s (-h for help)\n", err);
        free(opt.cases);
        Cblacs_exit(0);
        return rc == 1 ? 0 : 1;
    }
    if (me == 0) {
        print_preamble(&opt, nprocs);
        print_header();
    }
    if (csv != NULL)
        fprintf(csv, "routine,m,n,nb,p,q,threads,devices,reps,hs_best_s,"
                     "hs_median_s,hs_gflops,ref_best_s,ref_median_s,"
                     "ref_gflops,ref_over_hs,ceiling_gflops,hs_of_ceiling,"
                     "ref_of_ceiling,resid,check,hs_is_ref,hs_plan\n");
    for (int i = 0; i < opt.ncases; i++)
        failed += time_case(&opt.cases[i], nprocs, csv);
    grids_exit();
    if (csv != NULL)
        fclose(csv);
    free(opt.cases);
    Cblacs_exit(0);
    return failed < 255 ? failed : 255;
}
