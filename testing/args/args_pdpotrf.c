/* args_pdpotrf [GRID...]: calls hetscal's pdpotrf_ and the reference
 * ScaLAPACK's (dlopen) with every case of args_cases.c on every grid given
 * (e.g. 2x2 1x3); both must return the same INFO on every process, the same
 * on all processes of the grid, and leave A alone on error.  Exit status:
 * the number of failed cases. */
#include "config.h"

#include <dlfcn.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hetscal.h"
#include "args.h"

void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int ctxt, int what, int *val);
void Cblacs_gridinit(int *ctxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int ctxt, int *nprow, int *npcol, int *myrow,
                     int *mycol);
void Cblacs_gridexit(int ctxt);
void Cblacs_exit(int notdone);

/* The reference takes UPLO's hidden length, as gfortran compiles it. */
typedef void (*ref_pdpotrf_t)(const char *, const int *, double *,
                              const int *, const int *, const int *, int *,
                              size_t);

/* What one process reports about one case. */
enum { R_IN, R_REF, R_HET, R_REF_TOUCHED, R_HET_TOUCHED, R_FACTOR_BAD,
       R_HET_STRAY, R_EXPECT, R_N, R_NFIELDS };

static ref_pdpotrf_t ref_pdpotrf;
static double a_in[ARGS_CAP], a_ref[ARGS_CAP], a_het[ARGS_CAP];

static void load_reference(void)
{
    void *h = dlopen(HETSCAL_REFERENCE_SCALAPACK, RTLD_NOW | RTLD_GLOBAL);
    void *f = h ? dlsym(h, "pdpotrf_") : NULL;

    if (!f) {
        fprintf(stderr, "args_pdpotrf: cannot load pdpotrf_ from %s: %s\n",
                HETSCAL_REFERENCE_SCALAPACK, dlerror());
        MPI_Abort(MPI_COMM_WORLD, 99);
    }
    memcpy(&ref_pdpotrf, &f, sizeof f);
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

/* Counts entries the reference left unchanged that hetscal changed, and
 * entries where the two factors differ by more than rounding. */
static void compare_factor(int *bad, int *stray)
{
    int i;

    *bad = *stray = 0;
    for (i = 0; i < ARGS_CAP; i++) {
        double r = a_ref[i], h = a_het[i];
        if (a_ref[i] == a_in[i] && a_het[i] != a_in[i])
            (*stray)++;
        else if (!(fabs(r - h) <= 1e-12 * (1.0 + fabs(r))))
            (*bad)++;
    }
}

static void run_case(const struct args_case *tc, const struct args_grid *g,
                     int expect, int *rep)
{
    struct args_call c, before;
    int info_ref = 11111, info_het = 22222;

    memset(&c, 0, sizeof c);
    (void)tc->setup(&c, g);
    args_fill(a_in, &c, g);
    before = c;

    memcpy(a_ref, a_in, sizeof a_in);
    ref_pdpotrf(&c.uplo, &c.n, a_ref, &c.ia, &c.ja, c.desc, &info_ref, 1);
    rep[R_REF_TOUCHED] = memcmp(a_ref, a_in, sizeof a_in) != 0
                         || memcmp(&c, &before, sizeof c) != 0;

    memcpy(a_het, a_in, sizeof a_in);
    pdpotrf_(&c.uplo, &c.n, a_het, &c.ia, &c.ja, c.desc, &info_het);
    rep[R_HET_TOUCHED] = memcmp(a_het, a_in, sizeof a_in) != 0
                         || memcmp(&c, &before, sizeof c) != 0;

    rep[R_IN] = g->in;
    rep[R_REF] = info_ref;
    rep[R_HET] = info_het;
    rep[R_EXPECT] = g->in ? expect : -602;
    rep[R_N] = c.n;
    compare_factor(&rep[R_FACTOR_BAD], &rep[R_HET_STRAY]);
}

/* Rank 0 judges one case from every process's report; returns 1 when it
 * failed. */
static int judge(const struct args_case *tc, const struct args_grid *g,
                 const int *all, int world)
{
    char why[512] = "";
    size_t len = 0;
    int p, first = -1, fail = 0;

#define WHY(...) do { \
        if (len < sizeof why) \
            len += (size_t)snprintf(why + len, sizeof why - len, __VA_ARGS__); \
        fail = 1; } while (0)

    /* A valid call with N > 0 must change A somewhere, or the test itself
     * is broken. */
    if (tc->kind == ARGS_VALID) {
        int changed = 0, n = 0;
        for (p = 0; p < world; p++) {
            const int *r = all + p * R_NFIELDS;
            if (r[R_IN]) {
                changed |= r[R_REF_TOUCHED];
                n = r[R_N];
            }
        }
        if (n > 0 && !changed)
            WHY(" [the reference changed nothing: test broken]");
    }
    for (p = 0; p < world; p++) {
        const int *r = all + p * R_NFIELDS;
        int error_case = r[R_EXPECT] < 0;
        if (r[R_IN] && first < 0)
            first = p;
        if (r[R_REF] != r[R_EXPECT])
            WHY(" [rank %d: reference INFO=%d, contract says %d]", p,
                r[R_REF], r[R_EXPECT]);
        if (r[R_HET] != r[R_REF])
            WHY(" [rank %d: ref INFO=%d hetscal INFO=%d]", p, r[R_REF],
                r[R_HET]);
        if (first >= 0 && r[R_IN] && r[R_HET] != all[first * R_NFIELDS + R_HET])
            WHY(" [rank %d: hetscal INFO=%d differs from rank %d's]", p,
                r[R_HET], first);
        if (error_case && r[R_REF_TOUCHED])
            WHY(" [rank %d: reference changed A or arguments]", p);
        if ((error_case || tc->kind == ARGS_ERROR) && r[R_HET_TOUCHED])
            WHY(" [rank %d: hetscal changed A or arguments on error]", p);
        if (tc->kind == ARGS_VALID && r[R_FACTOR_BAD])
            WHY(" [rank %d: %d entries differ from the reference factor]", p,
                r[R_FACTOR_BAD]);
        if (tc->kind != ARGS_ERROR && r[R_HET_STRAY])
            WHY(" [rank %d: hetscal wrote %d entries the reference left"
                " alone]", p, r[R_HET_STRAY]);
    }
#undef WHY
    if (first < 0)
        first = 0;
    printf("case %s@%s: ref INFO=%d hetscal INFO=%d", tc->name, g->name,
           all[first * R_NFIELDS + R_REF], all[first * R_NFIELDS + R_HET]);
    if (world > g->nprow * g->npcol || !all[first * R_NFIELDS + R_IN])
        printf(" (expected %d in the grid, -602 outside)",
               all[first * R_NFIELDS + R_EXPECT]);
    else
        printf(" (expected %d)", all[first * R_NFIELDS + R_EXPECT]);
    printf(" %s%s\n", fail ? "FAILED" : "PASSED", why);
    fflush(stdout);
    return fail;
}

static int run_grid(const struct args_grid *g, int me, int world, int *ncase)
{
    int *all = malloc(sizeof(int) * R_NFIELDS * (size_t)world);
    int fails = 0, sz[2] = { g->nprow, g->npcol };
    struct args_grid shape = *g;
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

    for (k = 0; k < args_ncases; k++) {
        const struct args_case *tc = &args_cases[k];
        struct args_grid outside = shape;
        struct args_call probe;
        int rep[R_NFIELDS], expect;

        memset(&probe, 0, sizeof probe);
        expect = tc->setup(&probe, &shape);
        if (expect == ARGS_SKIP)
            continue;
        outside.in = 0;
        outside.ctxt = g->ctxt;
        memset(rep, 0, sizeof rep);
        run_case(tc, g->in ? g : &outside, expect, rep);
        MPI_Gather(rep, R_NFIELDS, MPI_INT, all, R_NFIELDS, MPI_INT, 0,
                   MPI_COMM_WORLD);
        if (me == 0)
            fails += judge(tc, &shape, all, world);
        (*ncase)++;
    }
    free(all);
    return fails;
}

int main(int argc, char **argv)
{
    struct args_grid grids[16];
    int me, world, i, ngrid = 0, fails = 0, ncase = 0, tmp, nprow, npcol;

    MPI_Init(&argc, &argv);
    Cblacs_pinfo(&me, &world);
    load_reference();
    if ((void (*)(void))pdpotrf_ == (void (*)(void))ref_pdpotrf
        && !getenv("HETSCAL_ARGS_SELFTEST")) {
        if (me == 0)
            printf("args_pdpotrf: pdpotrf_ is the reference's own: hetscal"
                   " is not linked first; FAILED\n");
        MPI_Finalize();
        return 1;
    }

    for (i = 1; i < argc || (argc == 1 && i == 1); i++) {
        const char *spec = argc > 1 ? argv[i] : "1x1";
        if (sscanf(spec, "%dx%d", &nprow, &npcol) != 2 || nprow < 1
            || npcol < 1 || ngrid == 16) {
            if (me == 0)
                fprintf(stderr, "args_pdpotrf: bad grid '%s' (want PxQ)\n",
                        spec);
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
        printf("args_pdpotrf: %d cases, %d failed\n", ncase, fails);
    Cblacs_exit(1);
    MPI_Finalize();
    return fails > 255 ? 255 : fails;
}
