/* The driver shared by args_potrf, args_geqrf and args_getrf: takes the
 * precision (-precision s|d|c|z, default d) and makes the grids named on
 * the command line, runs the shared descriptor cases and every case of
 * the routine's table with hetscal's entry point and the reference
 * ScaLAPACK's (args_reference.c), gathers every process's report on
 * rank 0, checks INFO and the PXERBLA calls against the contract and
 * across processes, leaves the rest to the routine, and prints one
 * PASSED/FAILED row per case.  It holds main; the routine's own file
 * defines args_routine; the judging itself is args_judge.c.
 * Exit status: the number of failed cases; 77 (skip) when none failed but
 * libhetscal lacks the routine, so that only the reference was run. */
#include "config.h"

#include <ctype.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "testing/blacs_tools.h"

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
        args_run_case(tc, g->in ? g : &outside, expect, rep);
        MPI_Gather(rep, nf, MPI_INT, all, nf, MPI_INT, 0, MPI_COMM_WORLD);
        if (me == 0)
            fails += args_judge(tc, &shape, all, world, probe.reference_wraps);
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
    int me, world, i, ngrid = 0, fails = 0, ncase = 0, nprow, npcol;
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
        } else if (args_make_grid(&grids[ngrid], nprow, npcol, world)) {
            ngrid++;
        } else if (me == 0) {
            printf("grid %s: needs more than %d processes, skipped\n", spec,
                   world);
        }
    }

    args_make_exited_ctxt();

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
