/* MPI test of PDGEQRF's body (src/api/qr_call.c) without its entry point:
 * hs_qr_call on block-cyclic matrices (odd sizes, M > N and M < N, one
 * row or column, MB != NB, IA/JA offsets, RSRC/CSRC, square tiles and the
 * two-level layout), compared with the reference ScaLAPACK's PDGEQRF (taken
 * from its shared object) on the same input: sub(A) (R and V) and TAU
 * entry by entry, everything outside sub(A) and TAU's other entries
 * untouched.  Grids of every case that fits the number of ranks.
 * Usage: t_qr_call; exit status: failed cases. */
#include "config.h"

#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "api/qr_call.h"
#include "blacs_shim/grid.h"
#include "testing/tester/scalapack.h"
#include "util/clock.h"
#include "util/config.h"

typedef void pdgeqrf_fn(const int *m, const int *n, double *a, const int *ia,
                        const int *ja, const int *desca, double *tau, double *work,
                        const int *lwork, int *info);

/* Differences with the reference, in eps (R relative to its largest
 * entry; V and TAU are O(1)). */
static const double tolerance = 500.0;

typedef struct qr_case {
    int m, n, mb, nb, ia, ja, rsrc, csrc, p, q;
    int tile, big;   /* HETSCAL_NB_SMALL, HETSCAL_NB (0: the default B, -1: square tiles) */
} qr_case;

static const qr_case cases[] = {
    { 200, 200, 32, 32, 1, 1, 0, 0, 1, 1, 48, -1 },
    { 1, 1, 4, 4, 1, 1, 0, 0, 1, 1, 8, 0 },
    { 1, 37, 4, 4, 2, 3, 0, 0, 1, 1, 8, 0 },
    { 37, 1, 4, 4, 2, 3, 0, 0, 1, 1, 8, 0 },
    { 173, 101, 13, 9, 4, 7, 0, 0, 1, 1, 32, -1 },
    { 101, 173, 13, 9, 4, 7, 0, 0, 1, 1, 32, 0 },
    { 190, 150, 16, 16, 1, 1, 0, 0, 1, 1, 48, 96 },
    { 200, 200, 32, 32, 1, 1, 0, 0, 2, 1, 40, -1 },
    { 200, 200, 32, 32, 1, 1, 0, 0, 1, 2, 40, 0 },
    { 333, 150, 17, 23, 5, 9, 1, 0, 2, 1, 40, 0 },
    { 150, 333, 17, 23, 5, 9, 0, 1, 1, 2, 40, 0 },
    { 200, 200, 32, 32, 1, 1, 0, 0, 2, 2, 48, -1 },
    { 333, 150, 17, 23, 5, 9, 1, 1, 2, 2, 40, 0 },
    { 150, 333, 17, 23, 5, 9, 1, 0, 2, 2, 40, 0 },
    { 301, 97, 8, 8, 1, 1, 0, 0, 4, 1, 24, -1 },
    { 97, 301, 8, 8, 1, 1, 0, 0, 1, 4, 24, 0 },
    { 1, 50, 4, 4, 1, 1, 0, 0, 2, 2, 16, 0 },
    { 50, 1, 4, 4, 1, 1, 0, 0, 2, 2, 16, 0 },
    { 2, 2, 1, 1, 1, 1, 1, 1, 2, 2, 1, 0 },
    { 257, 211, 16, 11, 3, 2, 1, 1, 2, 2, 24, 64 },
    { 129, 129, 7, 5, 1, 1, 0, 0, 2, 2, 20, -1 },
    { 240, 180, 16, 16, 2, 1, 2, 0, 3, 1, 24, 0 },
    { 180, 240, 16, 12, 1, 1, 0, 2, 1, 3, 24, 0 },
    { 100, 100, 9, 9, 1, 1, 0, 0, 3, 1, 24, 48 },
};

static int failed, passed;

/* 0-based global index of local index l (INDXL2G). */
static int l2g(int l, int nb, int iproc, int isrc, int nprocs)
{
    return (l / nb) * nb * nprocs + ((nprocs + iproc - isrc) % nprocs) * nb + l % nb;
}

static double entry(int i, int j, const qr_case *c)
{
    unsigned long h = (unsigned long)i * 2654435761UL ^ (unsigned long)j * 40503UL;
    h = h * 6364136223846793005UL + 1442695040888963407UL;
    double v = (double)(h >> 11) / 9007199254740992.0 * 2.0 - 1.0;
    int si = i - (c->ia - 1), sj = j - (c->ja - 1);
    if (si == sj && si >= 0 && si < c->m && si < c->n)
        v += 2.0 * sqrt(c->m > c->n ? c->m : c->n);
    return v;
}

static pdgeqrf_fn *load_reference(void)
{
    void *h = dlopen(HETSCAL_REFERENCE_SCALAPACK, RTLD_NOW | RTLD_GLOBAL);
    return h ? (pdgeqrf_fn *)dlsym(h, "pdgeqrf_") : NULL;
}

/* Runs one case on its grid (the calling rank is in it). */
static void run_case(const qr_case *c, int ctxt, pdgeqrf_fn *reference, int me)
{
    int nprow, npcol, myrow, mycol, info = 0, err = 0;
    int k = c->m < c->n ? c->m : c->n;
    int ma = c->ia - 1 + c->m + 3, na = c->ja - 1 + c->n + 2;
    int desc[9];
    Cblacs_gridinfo(ctxt, &nprow, &npcol, &myrow, &mycol);
    int locr = numroc_(&ma, &c->mb, &myrow, &c->rsrc, &nprow);
    int locc = numroc_(&na, &c->nb, &mycol, &c->csrc, &npcol);
    int lld = locr > 1 ? locr : 1, taulen = c->ja - 1 + k;
    int ntau = numroc_(&taulen, &c->nb, &mycol, &c->csrc, &npcol);
    descinit_(desc, &ma, &na, &c->mb, &c->nb, &c->rsrc, &c->csrc, &ctxt, &lld, &info);

    size_t size = (size_t)lld * (locc > 0 ? locc : 1);
    double *a0 = malloc(size * sizeof *a0), *a1 = malloc(size * sizeof *a1);
    double *a2 = malloc(size * sizeof *a2);
    double *tau1 = malloc((size_t)(ntau + 1) * sizeof *tau1);
    double *tau2 = malloc((size_t)(ntau + 1) * sizeof *tau2);
    for (int jl = 0; jl < locc; jl++)
        for (int il = 0; il < locr; il++)
            a0[il + (size_t)jl * lld] =
                entry(l2g(il, c->mb, myrow, c->rsrc, nprow), l2g(jl, c->nb, mycol, c->csrc, npcol), c);
    memcpy(a1, a0, size * sizeof *a1);
    memcpy(a2, a0, size * sizeof *a2);
    for (int i = 0; i <= ntau; i++)
        tau1[i] = tau2[i] = -77.0;

    const hetscal_grid *grid = hetscal_grid_get(ctxt, &err);
    hs_config cfg;
    hs_config_read(&cfg, grid->local_ranks);
    cfg.nb_small = c->tile;
    cfg.nb = c->big < 0 ? c->tile : c->big;
    double t0 = hs_now();
    int status = hs_qr_call(grid, &cfg, c->m, c->n, a1, c->ia, c->ja, desc, tau1);
    double t_ours = hs_now() - t0;

    int lwork = -1;
    double query;
    reference(&c->m, &c->n, a2, &c->ia, &c->ja, desc, tau2, &query, &lwork, &info);
    lwork = (int)query + 1;
    double *work = malloc((size_t)lwork * sizeof *work);
    t0 = hs_now();
    reference(&c->m, &c->n, a2, &c->ia, &c->ja, desc, tau2, work, &lwork, &info);
    double t_ref = hs_now() - t0;
    free(work);

    /* [0] max |R| (reference), [1] R diff, [2] V diff, [3] TAU diff,
     * [4] entries changed outside sub(A) or TAU's range. */
    double v[5] = { 0 };
    for (int jl = 0; jl < locc; jl++) {
        int sj = l2g(jl, c->nb, mycol, c->csrc, npcol) - (c->ja - 1);
        for (int il = 0; il < locr; il++) {
            int si = l2g(il, c->mb, myrow, c->rsrc, nprow) - (c->ia - 1);
            size_t x = il + (size_t)jl * lld;
            if (si < 0 || si >= c->m || sj < 0 || sj >= c->n) {
                v[4] += a1[x] != a0[x];
                continue;
            }
            double d = fabs(a1[x] - a2[x]);
            if (si <= sj) {
                v[0] = fmax(v[0], fabs(a2[x]));
                v[1] = fmax(v[1], d);
            } else {
                v[2] = fmax(v[2], d);
            }
        }
    }
    for (int l = 0; l <= ntau; l++) {
        int g = l < ntau ? l2g(l, c->nb, mycol, c->csrc, npcol) : -1;
        if (g >= c->ja - 1 && g < c->ja - 1 + k)
            v[3] = fmax(v[3], fabs(tau1[l] - tau2[l]));
        else
            v[4] += tau1[l] != -77.0;
    }
    double all[5];
    int st_all;
    MPI_Allreduce(v, all, 4, MPI_DOUBLE, MPI_MAX, grid->comm);
    MPI_Allreduce(&v[4], &all[4], 1, MPI_DOUBLE, MPI_SUM, grid->comm);
    MPI_Allreduce(&status, &st_all, 1, MPI_INT, MPI_MIN, grid->comm);
    double eps = DBL_EPSILON;
    double dr = all[1] / (eps * (all[0] > 0 ? all[0] : 1.0)), dv = all[2] / eps;
    double dt = all[3] / eps;
    int ok = st_all == 0 && status == 0 && all[4] == 0 && dr <= tolerance && dv <= tolerance
             && dt <= tolerance && dr == dr && dv == dv && dt == dt;
    if (me == 0)
        printf("M %4d N %4d MB %2d NB %2d IA %d JA %d src %d,%d grid %dx%d tile %2d/%3d: "
               "R %6.1f V %6.1f TAU %6.1f eps, %g changed outside, status %d, "
               "time %.3fs (ref %.3fs)  %s\n",
               c->m, c->n, c->mb, c->nb, c->ia, c->ja, c->rsrc, c->csrc, nprow, npcol,
               c->tile, c->big, dr, dv, dt, all[4], st_all, t_ours, t_ref,
               ok ? "PASSED" : "FAILED");
    if (ok)
        passed++;
    else
        failed++;
    free(a0);
    free(a1);
    free(a2);
    free(tau1);
    free(tau2);
}

int main(int argc, char **argv)
{
    int me, nprocs;
    (void)argc;
    (void)argv;
    setvbuf(stdout, NULL, _IOLBF, 0);
    Cblacs_pinfo(&me, &nprocs);
    pdgeqrf_fn *reference = load_reference();
    if (!reference) {
        if (me == 0)
            printf("cannot load the reference PDGEQRF from %s\n", HETSCAL_REFERENCE_SCALAPACK);
        Cblacs_exit(0);
        return 77;
    }
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const qr_case *c = &cases[i];
        if (c->p * c->q > nprocs)
            continue;
        int ctxt;
        Cblacs_get(-1, 0, &ctxt);
        Cblacs_gridinit(&ctxt, "R", c->p, c->q);
        if (me < c->p * c->q) {
            run_case(c, ctxt, reference, me);
            Cblacs_gridexit(ctxt);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    int total;
    MPI_Allreduce(&failed, &total, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (me == 0)
        printf("%d cases passed, %d failed\n", passed, total);
    Cblacs_exit(0);
    return total;
}
