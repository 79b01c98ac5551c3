/* The driver shared by args_potrf, args_geqrf and args_getrf: takes the
 * precision (-precision s|d|c|z, default d) and makes the grids named on
 * the command line, runs the shared descriptor cases and every case of
 * the routine's table with hetscal's entry point and the reference
 * ScaLAPACK's (args_reference.c), gathers every process's report on
 * rank 0, checks INFO and the PXERBLA calls against the contract and
 * across processes, leaves the rest to the routine, and prints one
 * PASSED/FAILED row per case.  It holds main; the routine's own file
 * defines args_routine.
 * Exit status: the number of failed cases; 77 (skip) when none failed but
 * libhetscal lacks the routine, so that only the reference was run. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "testing/blacs_tools.h"

void args_why(struct args_why *w, const char *fmt, ...)
{
    va_list ap;

    if (w->len < sizeof w->text) {
        va_start(ap, fmt);
        w->len += (size_t)vsnprintf(w->text + w->len, sizeof w->text - w->len,
                                    fmt, ap);
        va_end(ap);
    }
    w->fail = 1;
}

/* Whether element e (of args_prec->parts reals) has a NaN part: a
 * complex NaN is one whichever part the arithmetic made NaN (a BLAS that
 * multiplies (NaN, b) by (1, 0) makes both parts NaN, one that does not
 * keeps b). */
static int elem_nan(const void *buf, size_t e)
{
    for (size_t p = 0; p < (size_t)args_prec->parts; p++)
        if (isnan(args_real_at(buf, e * (size_t)args_prec->parts + p)))
            return 1;
    return 0;
}

void args_compare(const void *in, const void *ref, const void *het,
                  double tol, int *bad, int *stray)
{
    size_t parts = (size_t)args_prec->parts;

    for (size_t e = 0; e < ARGS_CAP; e++) {
        int nan_ref = elem_nan(ref, e), nan_het = elem_nan(het, e);
        for (size_t k = e * parts; k < (e + 1) * parts; k++) {
            double x = args_real_at(in, k), r = args_real_at(ref, k);
            double h = args_real_at(het, k);
            if (r == x && h != x)
                (*stray)++;
            else if (!(r == h || (nan_ref && nan_het)
                       || fabs(r - h) <= tol * (1.0 + fabs(r))))
                (*bad)++;
        }
    }
}

static int make_grid(struct args_grid *g, int nprow, int npcol, int world)
{
    if (nprow * npcol > world)
        return 0;
    snprintf(g->name, sizeof g->name, "%dx%d", nprow, npcol);
    Cblacs_get(-1, 0, &g->ctxt);
    Cblacs_gridinit(&g->ctxt, "Row-major", nprow, npcol);
    Cblacs_gridinfo(g->ctxt, &g->nprow, &g->npcol, &g->myrow, &g->mycol);
    g->in = g->nprow > 0 && g->myrow >= 0 && g->myrow < g->nprow
            && g->mycol >= 0 && g->mycol < g->npcol;
    if (!g->in) {
        /* Outside the grid: what a program sees from BLACS there. */
        g->nprow = g->npcol = g->myrow = g->mycol = -1;
    }
    g->world_size = world;
    return 1;
}

static void run_case(const struct args_case *tc, const struct args_grid *g,
                     int expect, int *rep)
{
    struct args_call c;
    args_fn *reference = args_reference;

    memset(&c, 0, sizeof c);
    (void)tc->setup(&c, g);
    if (c.reference_wraps)
        args_reference = args_ours;
    args_routine.run(&c, g, rep);
    args_reference = reference;
    rep[R_IN] = g->in;
    rep[R_EXPECT] = g->in ? expect : -602;
}

/* PXERBLA: the reference calls it once, with -INFO, exactly when INFO < 0
 * (else the recorder is not in the path and the test is broken); hetscal
 * must make the same calls with the same routine name. */
static void judge_xerbla(const int *r, int p, struct args_why *w)
{
    const int *ref = r + R_PX_REF, *het = r + R_PX_HET;

    if (ref[PX_CALLS] != (r[R_REF] < 0)
        || (ref[PX_CALLS] && (ref[PX_ARG] != -r[R_REF] || !ref[PX_NAMED])))
        args_why(w, " [rank %d: the reference's PXERBLA calls (%d, last"
                 " argument %d, %s) do not match its INFO: test broken]", p,
                 ref[PX_CALLS], ref[PX_ARG],
                 ref[PX_NAMED] ? args_xerbla_name : "another name");
    if (het[PX_CALLS] != ref[PX_CALLS] || het[PX_ARG] != ref[PX_ARG])
        args_why(w, " [rank %d: PXERBLA called %d times (argument %d) by"
                 " hetscal, %d times (argument %d) by the reference]", p,
                 het[PX_CALLS], het[PX_ARG], ref[PX_CALLS], ref[PX_ARG]);
    if (het[PX_CALLS] && !het[PX_NAMED])
        args_why(w, " [rank %d: hetscal's PXERBLA names another routine"
                 " than %s]", p, args_xerbla_name);
}

/* Rank 0 judges one case from every process's report; returns 1 when it
 * failed. */
static int judge(const struct args_case *tc, const struct args_grid *g,
                 const int *all, int world, int reference_wraps)
{
    const int nf = args_routine.nfields;
    struct args_why w;
    int p, first = -1;

    w.text[0] = '\0';
    w.len = 0;
    w.fail = 0;
    /* A valid call on a nonempty matrix must change A somewhere, or the
     * test itself is broken. */
    if (tc->kind == ARGS_VALID) {
        int changed = 0, size = 0;
        for (p = 0; p < world; p++) {
            const int *r = all + p * nf;
            if (r[R_IN]) {
                changed |= r[R_REF_TOUCHED];
                size = r[R_SIZE];
            }
        }
        if (size > 0 && !changed)
            args_why(&w, " [the reference changed nothing: test broken]");
    }
    for (p = 0; p < world; p++) {
        const int *r = all + p * nf;
        if (r[R_IN] && first < 0)
            first = p;
        if (r[R_REF] != r[R_EXPECT] && r[R_EXPECT] != ARGS_AS_REFERENCE)
            args_why(&w, " [rank %d: reference INFO=%d, contract says %d]", p,
                     r[R_REF], r[R_EXPECT]);
        if (r[R_HET] != r[R_REF])
            args_why(&w, " [rank %d: ref INFO=%d hetscal INFO=%d]", p,
                     r[R_REF], r[R_HET]);
        if (first >= 0 && r[R_IN] && r[R_HET] != all[first * nf + R_HET])
            args_why(&w, " [rank %d: hetscal INFO=%d differs from rank %d's]",
                     p, r[R_HET], first);
        judge_xerbla(r, p, &w);
        args_routine.judge(tc, r, p, &w);
    }
    if (first < 0)
        first = 0;
    printf("case %s@%s: ref INFO=%d hetscal INFO=%d", tc->name, g->name,
           all[first * nf + R_REF], all[first * nf + R_HET]);
    if (args_routine.print)
        args_routine.print(all + first * nf);
    if (all[first * nf + R_EXPECT] == ARGS_AS_REFERENCE)
        printf(" (expected: the reference's)");
    else if (world > g->nprow * g->npcol || !all[first * nf + R_IN])
        printf(" (expected %d in the grid, -602 outside)",
               all[first * nf + R_EXPECT]);
    else
        printf(" (expected %d)", all[first * nf + R_EXPECT]);
    if (reference_wraps)
        printf(" (reference not run: its 32-bit checks wrap)");
    printf(" %s%s\n", w.fail ? "FAILED" : "PASSED", w.text);
    fflush(stdout);
    return w.fail;
}

/* Case k of the run: the shared descriptor cases, then the routine's
 * own; NULL after the last. */
static const struct args_case *case_at(size_t k)
{
    const struct args_case *tables[] = { args_desc_cases, args_routine.cases };

    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
        for (const struct args_case *t = tables[i]; t->name != NULL; t++)
            if (k-- == 0)
                return t;
    return NULL;
}

static int run_grid(const struct args_grid *g, int me, int world, int *ncase)
{
    const int nf = args_routine.nfields;
    int *all = malloc(sizeof(int) * (size_t)nf * (size_t)world);
    int *rep = malloc(sizeof(int) * (size_t)nf);
    int fails = 0, sz[2] = { g->nprow, g->npcol };
    struct args_grid shape = *g;
    const struct args_case *tc;
    size_t k;

    /* Every process asks the cases with the grid's shape as seen from its
     * first process, so that all agree on which cases apply and what they
     * expect.  Outside the grid a process passes the same arguments with
     * the context BLACS gave it (-1). */
    MPI_Allreduce(MPI_IN_PLACE, sz, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    shape.nprow = sz[0];
    shape.npcol = sz[1];
    shape.myrow = shape.mycol = 0;
    shape.in = 1;

    for (k = 0; (tc = case_at(k)) != NULL; k++) {
        struct args_grid outside = shape;
        struct args_call probe;
        int expect;

        memset(&probe, 0, sizeof probe);
        expect = tc->setup(&probe, &shape);
        if (expect == ARGS_SKIP)
            continue;
        outside.in = 0;
        outside.ctxt = g->ctxt;
        memset(rep, 0, sizeof(int) * (size_t)nf);
        run_case(tc, g->in ? g : &outside, expect, rep);
        MPI_Gather(rep, nf, MPI_INT, all, nf, MPI_INT, 0, MPI_COMM_WORLD);
        if (me == 0)
            fails += judge(tc, &shape, all, world, probe.reference_wraps);
        (*ncase)++;
    }
    free(rep);
    free(all);
    return fails;
}

/* -precision X (anywhere on the command line, default d); the other
 * arguments are grids.  Returns the number of grid arguments moved to the
 * front of argv after argv[0], or -1. */
static int parse_precision(int argc, char **argv)
{
    int i, ngrid = 0;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-precision") == 0) {
            if (i + 1 == argc
                || (args_prec = args_precision_named(argv[i + 1])) == NULL)
                return -1;
            i++;
        } else {
            argv[1 + ngrid++] = argv[i];
        }
    }
    return ngrid;
}

int main(int argc, char **argv)
{
    const struct args_routine *r = &args_routine;
    struct args_grid grids[16];
    int me, world, i, ngrid = 0, fails = 0, ncase = 0, tmp, nprow, npcol;
    int nspec;
    char name[16], symbol[20];
    enum args_linkage linkage;

    MPI_Init(&argc, &argv);
    Cblacs_pinfo(&me, &world);
    nspec = parse_precision(argc, argv);
    if (nspec < 0) {
        if (me == 0)
            fprintf(stderr, "args_%s: -precision takes s, d, c or z\n",
                    r->name);
        MPI_Finalize();
        return 1;
    }
    snprintf(name, sizeof name, "p%c%s", args_prec->letter, r->name);
    snprintf(symbol, sizeof symbol, "%s_", name);
    for (i = 0; name[i] != '\0'; i++)
        args_xerbla_name[i] = (char)toupper((unsigned char)name[i]);
    args_load_reference(symbol);
    args_ours = r->ours[args_prec - args_precisions];
    linkage = args_linkage(args_ours, symbol);
    if (linkage == ARGS_ELSEWHERE && !getenv("HETSCAL_ARGS_SELFTEST")) {
        if (me == 0)
            printf("args_%s: libhetscal defines %s but the program calls"
                   " another library's: hetscal is not linked first;"
                   " FAILED\n", r->name, symbol);
        MPI_Finalize();
        return 1;
    }
    if (me == 0)
        printf("args_%s -precision %c: %s\n", r->name, args_prec->letter,
               linkage == ARGS_HETSCAL ? "hetscal against the reference"
               : linkage == ARGS_ABSENT ? "libhetscal has no such routine:"
                 " the reference against itself (the contract only)"
               : "HETSCAL_ARGS_SELFTEST: not hetscal's routine");

    for (i = 1; i <= nspec || (nspec == 0 && i == 1); i++) {
        const char *spec = nspec > 0 ? argv[i] : "1x1";
        if (sscanf(spec, "%dx%d", &nprow, &npcol) != 2 || nprow < 1
            || npcol < 1 || ngrid == 16) {
            if (me == 0)
                fprintf(stderr, "args_%s: bad grid '%s' (want PxQ)\n",
                        name, spec);
            fails++;
        } else if (make_grid(&grids[ngrid], nprow, npcol, world)) {
            ngrid++;
        } else if (me == 0) {
            printf("grid %s: needs more than %d processes, skipped\n", spec,
                   world);
        }
    }

    /* A context that existed and was exited: -602 from then on.  Made
     * after the grids so that no later grid reuses its handle. */
    Cblacs_get(-1, 0, &tmp);
    Cblacs_gridinit(&tmp, "Row-major", 1, 1);
    args_exited_ctxt = tmp;
    Cblacs_gridinfo(tmp, &nprow, &npcol, &i, &i);
    if (nprow > 0)
        Cblacs_gridexit(tmp);

    for (i = 0; i < ngrid; i++)
        fails += run_grid(&grids[i], me, world, &ncase);
    for (i = 0; i < ngrid; i++)
        if (grids[i].in)
            Cblacs_gridexit(grids[i].ctxt);

    MPI_Bcast(&fails, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("args_%s: %d cases, %d failed%s\n", name, ncase, fails,
               linkage == ARGS_ABSENT && fails == 0
                   ? " (SKIP: hetscal's routine was not run)" : "");
    Cblacs_exit(1);
    MPI_Finalize();
    if (linkage == ARGS_ABSENT && fails == 0)
        return 77;
    /* 77 failures must not read as a skip */
    return fails > 255 ? 255 : fails == 77 ? 78 : fails;
}
