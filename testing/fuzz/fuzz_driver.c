/* fuzz_potrf, fuzz_geqrf, fuzz_getrf [-seed S] [-cases N] [-first K]
 * [-case K] [-known]: the differential fuzzer.  Runs cases K .. K+N-1 of seed S
 * (fuzz_case.c: random sizes, descriptors, LWORK, UPLO, perturbed fields,
 * NaN and infinities, any of the four precisions) on the grids 1x1, 1x2,
 * 2x1 and 2x2 of the first processes (the others outside the grid), a
 * 1x2 grid mapped on processes 3 and 1 (Cblacs_gridmap) and a 2x1 grid on
 * the odd processes' sub-communicator (Csys2blacs_handle), each with
 * hetscal's entry point and the reference ScaLAPACK's; the bad-argument
 * testers' judge (testing/args/args_judge.c) compares INFO on every
 * process, the PXERBLA calls, WORK(1), IPIV, TAU, the factor of a valid
 * call and everything outside sub(A).  A failed case prints its row and
 * the command line that runs it alone (-case K prints its row whatever
 * the verdict; -known also draws the combinations left out for known,
 * unfixed mismatches, fuzz_case.c).  Exit status: the number of failed
 * cases. */
#include "config.h"

#include <ctype.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "testing/blacs_tools.h"

int Csys2blacs_handle(MPI_Comm comm);

enum { MAX_GRIDS = 8 };

static unsigned long fuzz_seed;
static long fuzz_k;
static int fuzz_ngrids;

/* The case's setup as args_run_case calls it: case fuzz_k of fuzz_seed
 * for process g; the INFO expected is the reference's. */
static int fuzz_setup(struct args_call *c, const struct args_grid *g)
{
    struct fuzz_pick pick;

    fuzz_case(fuzz_seed, fuzz_k, fuzz_ngrids, &pick, c, g, NULL, 0);
    return ARGS_AS_REFERENCE;
}

/* The grid that Cblacs_gridmap makes of the processes MAP (NPROW x NPCOL,
 * column-major as BLACS reads it) in the system context, or, with COMM,
 * on that communicator (MPI_COMM_NULL on processes outside it). */
static void mapped_grid(struct args_grid *g, const char *name, int *map,
                        int nprow, int npcol, int world, int use_comm,
                        MPI_Comm comm)
{
    snprintf(g->name, sizeof g->name, "%s", name);
    g->ctxt = -1;
    if (use_comm) {
        if (comm != MPI_COMM_NULL) {
            g->ctxt = Csys2blacs_handle(comm);
            Cblacs_gridinit(&g->ctxt, "Row-major", nprow, npcol);
        }
    } else {
        Cblacs_get(-1, 0, &g->ctxt);
        Cblacs_gridmap(&g->ctxt, map, nprow, nprow, npcol);
    }
    g->nprow = g->npcol = g->myrow = g->mycol = -1;
    if (g->ctxt >= 0)
        Cblacs_gridinfo(g->ctxt, &g->nprow, &g->npcol, &g->myrow, &g->mycol);
    g->in = g->nprow > 0 && g->myrow >= 0 && g->myrow < g->nprow
            && g->mycol >= 0 && g->mycol < g->npcol;
    if (!g->in)
        g->nprow = g->npcol = g->myrow = g->mycol = -1;
    g->world_size = world;
}

static int make_grids(struct args_grid *grids, int world, int me)
{
    static const int shapes[][2] = { { 1, 1 }, { 1, 2 }, { 2, 1 }, { 2, 2 } };
    int n = 0, map[2] = { 3, 1 };
    MPI_Comm odd;

    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        n += args_make_grid(&grids[n], shapes[i][0], shapes[i][1], world);
    if (world >= 4) {
        mapped_grid(&grids[n++], "1x2map31", map, 1, 2, world, 0,
                    MPI_COMM_NULL);
        /* the odd processes in reverse order: grid ranks are not world
         * ranks */
        MPI_Comm_split(MPI_COMM_WORLD, me % 2 ? 0 : MPI_UNDEFINED, -me, &odd);
        mapped_grid(&grids[n++], "2x1odd", NULL, 2, 1, world, 1, odd);
    }
    return n;
}

static const char *kind_name(enum args_kind kind)
{
    return kind == ARGS_ERROR ? "error" : kind == ARGS_VALID ? "valid"
           : kind == ARGS_NOTSPD ? "INFO>0 or NaN" : "untouched";
}

/* What rank 0 judges the case as, from the reference's INFO on the first
 * process of the grid and the call as process (0, 0) sees it. */
static enum args_kind case_kind(const int *all, int world, int nf,
                                const struct args_call *c)
{
    const int *r = all;
    int info;

    for (int p = 0; p < world; p++)
        if (all[p * nf + R_IN]) {
            r = all + p * nf;
            break;
        }
    info = r[R_REF];
    if (info < 0)
        return ARGS_ERROR;
    /* INFO > 0 (P?GETRF's zero pivot too): the factors are compared all
     * the same, but a reference that changed nothing is no broken test
     * there (a zero first column of one column) */
    if (info > 0)
        return ARGS_NOTSPD;
    if (strcmp(args_routine.name, "potrf") == 0)
        return ARGS_VALID;
    /* P?GETRF on a sub(A) of NaNs (a column of them, M x 1) leaves it as
     * it was: compared as INFO > 0 is, without the driver's check that
     * the reference changed A (seed 41 case 2535) */
    if (strcmp(args_routine.name, "getrf") == 0 && args_special_inside(c))
        return ARGS_NOTSPD;
    if (strcmp(args_routine.name, "geqrf") == 0)
        return c->lwork == -1 || c->m == 0 || c->n == 0 ? ARGS_UNTOUCHED
                                                        : ARGS_VALID;
    return c->m == 0 || c->n == 0 || c->desc[D_M] == 1 ? ARGS_UNTOUCHED
                                                        : ARGS_VALID;
}

int main(int argc, char **argv)
{
    const struct args_routine *r = &args_routine;
    struct args_grid grids[MAX_GRIDS], shapes[MAX_GRIDS];
    args_fn *refs[ARGS_NPREC];
    enum args_linkage linkage[ARGS_NPREC];
    int me, world, nf = r->nfields, fails = 0, single = 0, absent = 0;
    long first = 0, ncases = 300, counts[4] = { 0, 0, 0, 0 };
    int *all, *rep;

    MPI_Init(&argc, &argv);
    Cblacs_pinfo(&me, &world);
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "-seed") == 0) {
            fuzz_seed = strtoul(argv[++i], NULL, 10);
        } else if (i + 1 < argc && strcmp(argv[i], "-cases") == 0) {
            ncases = strtol(argv[++i], NULL, 10);
        } else if (i + 1 < argc && strcmp(argv[i], "-first") == 0) {
            first = strtol(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "-known") == 0) {
            fuzz_known = 1;
        } else if (i + 1 < argc && strcmp(argv[i], "-case") == 0) {
            first = strtol(argv[++i], NULL, 10);
            ncases = 1;
            single = 1;
        } else {
            if (me == 0)
                fprintf(stderr, "fuzz_%s: [-seed S] [-cases N] [-first K]"
                        " [-case K] [-known]\n", r->name);
            MPI_Finalize();
            return 1;
        }
    }
    args_print_passed = single;

    /* Each precision's two entry points. */
    for (int p = 0; p < ARGS_NPREC; p++) {
        char symbol[20];
        snprintf(symbol, sizeof symbol, "p%c%s_", args_precisions[p].letter,
                 r->name);
        args_load_reference(symbol);
        refs[p] = args_reference;
        linkage[p] = args_linkage(r->ours[p], symbol);
        if (linkage[p] == ARGS_ELSEWHERE) {
            if (me == 0)
                printf("fuzz_%s: libhetscal defines %s but the program calls"
                       " another library's; FAILED\n", r->name, symbol);
            MPI_Finalize();
            return 1;
        }
    }

    fuzz_ngrids = make_grids(grids, world, me);
    args_make_exited_ctxt();
    for (int i = 0; i < fuzz_ngrids; i++) {
        /* Every process asks the cases with the grid's shape as seen from
         * its first process (as args_driver.c does). */
        int sz[2] = { grids[i].nprow, grids[i].npcol };
        MPI_Allreduce(MPI_IN_PLACE, sz, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        shapes[i] = grids[i];
        shapes[i].nprow = sz[0];
        shapes[i].npcol = sz[1];
        shapes[i].myrow = shapes[i].mycol = 0;
        shapes[i].in = 1;
    }
    if (me == 0)
        printf("fuzz_%s: seed %lu, cases %ld..%ld, %d grids on %d processes\n",
               r->name, fuzz_seed, first, first + ncases - 1, fuzz_ngrids,
               world);
    fflush(stdout);

    all = malloc(sizeof(int) * (size_t)nf * (size_t)world);
    rep = malloc(sizeof(int) * (size_t)nf);
    for (fuzz_k = first; fuzz_k < first + ncases; fuzz_k++) {
        struct fuzz_pick pick;
        struct args_case tc = { "fuzz", ARGS_VALID, fuzz_setup };
        struct args_grid outside;
        const struct args_grid *g;
        char name[16];

        fuzz_case(fuzz_seed, fuzz_k, fuzz_ngrids, &pick, NULL, NULL, NULL, 0);
        args_prec = &args_precisions[pick.prec];
        args_reference = refs[pick.prec];
        args_ours = r->ours[pick.prec];
        absent |= linkage[pick.prec] == ARGS_ABSENT;
        snprintf(name, sizeof name, "p%c%s", args_prec->letter, r->name);
        for (int i = 0; name[i] != '\0'; i++)
            args_xerbla_name[i] = (char)toupper((unsigned char)name[i]);
        g = &grids[pick.grid];
        outside = shapes[pick.grid];
        outside.in = 0;
        outside.ctxt = g->ctxt;

        memset(rep, 0, sizeof(int) * (size_t)nf);
        args_run_case(&tc, g->in ? g : &outside, ARGS_AS_REFERENCE, rep);
        MPI_Gather(rep, nf, MPI_INT, all, nf, MPI_INT, 0, MPI_COMM_WORLD);
        if (me == 0) {
            struct args_call probe;
            char what[400], label[480];
            fuzz_case(fuzz_seed, fuzz_k, fuzz_ngrids, &pick, &probe,
                      &shapes[pick.grid], what, sizeof what);
            tc.kind = case_kind(all, world, nf, &probe);
            counts[tc.kind]++;
            snprintf(label, sizeof label, "%ld (%s, %s)", fuzz_k,
                     kind_name(tc.kind), what);
            tc.name = label;
            if (args_judge(&tc, &shapes[pick.grid], all, world, 0)) {
                fails++;
                printf("reproduce: mpiexec -n %d %s -seed %lu -case %ld%s\n",
                       world, argv[0], fuzz_seed, fuzz_k,
                       fuzz_known ? " -known" : "");
            }
            fflush(stdout);
        }
    }
    free(rep);
    free(all);

    for (int i = 0; i < fuzz_ngrids; i++)
        if (grids[i].in)
            Cblacs_gridexit(grids[i].ctxt);
    MPI_Bcast(&fails, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("fuzz_%s: seed %lu: %ld cases (%ld errors, %ld valid, %ld"
               " INFO>0 or NaN, %ld untouched), %d failed%s\n", r->name, fuzz_seed,
               ncases, counts[ARGS_ERROR], counts[ARGS_VALID],
               counts[ARGS_NOTSPD], counts[ARGS_UNTOUCHED], fails,
               absent ? " (some precisions: libhetscal lacks the routine,"
                        " the reference against itself)" : "");
    Cblacs_exit(1);
    MPI_Finalize();
    /* 77 failures must not read as a skip */
    return fails > 255 ? 255 : fails == 77 ? 78 : fails;
}
