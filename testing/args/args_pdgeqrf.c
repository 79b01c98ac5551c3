/* args_pdgeqrf [GRID...]: calls hetscal's pdgeqrf_ and the reference
 * ScaLAPACK's (dlopen) with every case of args_qr_cases.c on every grid
 * given (e.g. 2x2 1x3); both must return the same INFO and WORK(1) on every
 * process, the same INFO on all processes of the grid, leave A and TAU
 * alone on error, on a query and for M = 0 or N = 0, write nothing in WORK
 * past LWORK, and agree on R, V and TAU otherwise.  Exit status: the
 * number of failed cases. */
#include "config.h"

#include <dlfcn.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hetscal.h"
#include "args_qr.h"

void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int ctxt, int what, int *val);
void Cblacs_gridinit(int *ctxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int ctxt, int *nprow, int *npcol, int *myrow,
                     int *mycol);
void Cblacs_gridexit(int ctxt);
void Cblacs_exit(int notdone);

typedef void (*ref_pdgeqrf_t)(const int *, const int *, double *,
                              const int *, const int *, const int *,
                              double *, double *, const int *, int *);

/* What one process reports about one case. */
enum { R_IN, R_REF, R_HET, R_REF_TOUCHED, R_HET_TOUCHED, R_FACTOR_BAD,
       R_HET_STRAY, R_EXPECT, R_LWMIN, R_WORK1_REF, R_WORK1_HET,
       R_WORK1_SAME, R_TAIL_REF, R_TAIL_HET, R_NFIELDS };

/* WORK(1) as reported when nobody wrote it. */
#define WORK_UNSET (-77)

static ref_pdgeqrf_t ref_pdgeqrf;
static double a_in[ARGS_CAP], a_ref[ARGS_CAP], a_het[ARGS_CAP];
static double t_in[ARGS_CAP], t_ref[ARGS_CAP], t_het[ARGS_CAP];
static double w_in[ARGS_CAP], w_ref[ARGS_CAP], w_het[ARGS_CAP];

static void load_reference(void)
{
    void *h = dlopen(HETSCAL_REFERENCE_SCALAPACK, RTLD_NOW | RTLD_GLOBAL);
    void *f = h ? dlsym(h, "pdgeqrf_") : NULL;

    if (!f) {
        fprintf(stderr, "args_pdgeqrf: cannot load pdgeqrf_ from %s: %s\n",
                HETSCAL_REFERENCE_SCALAPACK, dlerror());
        MPI_Abort(MPI_COMM_WORLD, 99);
    }
    memcpy(&ref_pdgeqrf, &f, sizeof f);
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
    if (!g->in)
        g->nprow = g->npcol = g->myrow = g->mycol = -1;
    g->world_size = world;
    return 1;
}

/* Entries the reference left unchanged that hetscal changed (stray), and
 * entries where the two results differ by more than rounding (bad). */
static void compare(const double *in, const double *ref, const double *het,
                    int *bad, int *stray)
{
    for (int i = 0; i < ARGS_CAP; i++) {
        double r = ref[i], h = het[i];
        if (ref[i] == in[i] && het[i] != in[i])
            (*stray)++;
        else if (!(fabs(r - h) <= 1e-11 * (1.0 + fabs(r))))
            (*bad)++;
    }
}

static int work1(const double *w)
{
    return w[0] == w_in[0] ? WORK_UNSET : (int)w[0];
}

/* Whether anything in WORK past LWORK (past WORK(1) when LWORK < 1)
 * changed. */
static int tail_touched(const double *w, int lwork)
{
    int from = lwork > 1 ? lwork : 1;
    if (from > ARGS_CAP)
        from = ARGS_CAP;
    return memcmp(w + from, w_in + from,
                  sizeof(double) * (size_t)(ARGS_CAP - from)) != 0;
}

static void run_case(const struct qr_case *tc, const struct args_grid *g,
                     int expect, int *rep)
{
    struct qr_call c, before;
    int info_ref = 11111, info_het = 22222, i;

    memset(&c, 0, sizeof c);
    (void)tc->setup(&c, g);
    qr_fill(a_in, &c, g);
    for (i = 0; i < ARGS_CAP; i++) {
        t_in[i] = -5511.0 - 0.01 * i;
        w_in[i] = -6611.0 - 0.01 * i;
    }
    if (c.lwork > ARGS_CAP)
        c.lwork = ARGS_CAP;
    before = c;

    memcpy(a_ref, a_in, sizeof a_in);
    memcpy(t_ref, t_in, sizeof t_in);
    memcpy(w_ref, w_in, sizeof w_in);
    ref_pdgeqrf(&c.m, &c.n, a_ref, &c.ia, &c.ja, c.desc, t_ref, w_ref,
                &c.lwork, &info_ref);
    rep[R_REF_TOUCHED] = memcmp(a_ref, a_in, sizeof a_in) != 0
                         || memcmp(t_ref, t_in, sizeof t_in) != 0
                         || memcmp(&c, &before, sizeof c) != 0;

    memcpy(a_het, a_in, sizeof a_in);
    memcpy(t_het, t_in, sizeof t_in);
    memcpy(w_het, w_in, sizeof w_in);
    pdgeqrf_(&c.m, &c.n, a_het, &c.ia, &c.ja, c.desc, t_het, w_het, &c.lwork,
             &info_het);
    rep[R_HET_TOUCHED] = memcmp(a_het, a_in, sizeof a_in) != 0
                         || memcmp(t_het, t_in, sizeof t_in) != 0
                         || memcmp(&c, &before, sizeof c) != 0;

    rep[R_IN] = g->in;
    rep[R_REF] = info_ref;
    rep[R_HET] = info_het;
    rep[R_EXPECT] = g->in ? expect : -602;
    rep[R_LWMIN] = qr_lwmin(&c, g);
    rep[R_WORK1_REF] = work1(w_ref);
    rep[R_WORK1_HET] = work1(w_het);
    rep[R_WORK1_SAME] = memcmp(w_ref, w_het, sizeof(double)) == 0;
    rep[R_TAIL_REF] = tail_touched(w_ref, c.lwork);
    rep[R_TAIL_HET] = tail_touched(w_het, c.lwork);
    rep[R_FACTOR_BAD] = rep[R_HET_STRAY] = 0;
    compare(a_in, a_ref, a_het, &rep[R_FACTOR_BAD], &rep[R_HET_STRAY]);
    compare(t_in, t_ref, t_het, &rep[R_FACTOR_BAD], &rep[R_HET_STRAY]);
}

/* Rank 0 judges one case from every process's report; returns 1 when it
 * failed. */
static int judge(const struct qr_case *tc, const struct args_grid *g,
                 const int *all, int world)
{
    char why[768] = "";
    size_t len = 0;
    int p, first = -1, fail = 0;

#define WHY(...) do { \
        if (len < sizeof why) \
            len += (size_t)snprintf(why + len, sizeof why - len, __VA_ARGS__); \
        fail = 1; } while (0)

    /* A valid factorization must change A somewhere, or the test itself
     * is broken. */
    if (tc->kind == QR_VALID) {
        int changed = 0;
        for (p = 0; p < world; p++)
            if (all[p * R_NFIELDS + R_IN])
                changed |= all[p * R_NFIELDS + R_REF_TOUCHED];
        if (!changed)
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
        if (!r[R_WORK1_SAME])
            WHY(" [rank %d: WORK(1) ref %d hetscal %d (%d = unset)]", p,
                r[R_WORK1_REF], r[R_WORK1_HET], WORK_UNSET);
        if (r[R_WORK1_REF] != WORK_UNSET && r[R_WORK1_REF] != r[R_LWMIN])
            WHY(" [rank %d: reference WORK(1)=%d, contract's LWMIN=%d]", p,
                r[R_WORK1_REF], r[R_LWMIN]);
        if (r[R_EXPECT] == 0 && r[R_IN] && r[R_WORK1_REF] == WORK_UNSET)
            WHY(" [rank %d: the reference left WORK(1) unset]", p);
        if ((error_case || tc->kind != QR_VALID) && r[R_REF_TOUCHED])
            WHY(" [rank %d: reference changed A, TAU or arguments]", p);
        if ((error_case || tc->kind != QR_VALID) && r[R_HET_TOUCHED])
            WHY(" [rank %d: hetscal changed A, TAU or arguments]", p);
        if (r[R_TAIL_REF])
            WHY(" [rank %d: reference wrote WORK past LWORK]", p);
        if (r[R_TAIL_HET])
            WHY(" [rank %d: hetscal wrote WORK past LWORK]", p);
        if (tc->kind == QR_VALID && r[R_FACTOR_BAD])
            WHY(" [rank %d: %d entries of A/TAU differ from the reference]",
                p, r[R_FACTOR_BAD]);
        if (r[R_HET_STRAY])
            WHY(" [rank %d: hetscal wrote %d entries the reference left"
                " alone]", p, r[R_HET_STRAY]);
    }
#undef WHY
    if (first < 0)
        first = 0;
    printf("case %s@%s: ref INFO=%d hetscal INFO=%d WORK(1)=%d", tc->name,
           g->name, all[first * R_NFIELDS + R_REF],
           all[first * R_NFIELDS + R_HET],
           all[first * R_NFIELDS + R_WORK1_HET]);
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

    for (k = 0; k < qr_ncases; k++) {
        const struct qr_case *tc = &qr_cases[k];
        struct args_grid outside = shape;
        struct qr_call probe;
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
    if ((void (*)(void))pdgeqrf_ == (void (*)(void))ref_pdgeqrf
        && !getenv("HETSCAL_ARGS_SELFTEST")) {
        if (me == 0)
            printf("args_pdgeqrf: pdgeqrf_ is the reference's own: hetscal"
                   " is not linked first; FAILED\n");
        MPI_Finalize();
        return 1;
    }

    for (i = 1; i < argc || (argc == 1 && i == 1); i++) {
        const char *spec = argc > 1 ? argv[i] : "1x1";
        if (sscanf(spec, "%dx%d", &nprow, &npcol) != 2 || nprow < 1
            || npcol < 1 || ngrid == 16) {
            if (me == 0)
                fprintf(stderr, "args_pdgeqrf: bad grid '%s' (want PxQ)\n",
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
    qr_exited_ctxt = tmp;
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
        printf("args_pdgeqrf: %d cases, %d failed\n", ncase, fails);
    Cblacs_exit(1);
    MPI_Finalize();
    return fails > 255 ? 255 : fails;
}
