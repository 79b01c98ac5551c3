/* hetscal-info's self-test: PDPOTRF, PDGEQRF and PDGETRF (the ones this
 * program links, hetscal's) on one small matrix each, over the grid of
 * all ranks, checked against the ScaLAPACK that a forwarded call goes to
 * (the next definition in the link chain, dlsym RTLD_NEXT, as
 * api/call_entry.c finds it) on the same matrix, and timed next to it.
 *
 * The matrices make the check a plain comparison of factors: a random
 * part in [-0.5, 0.5] plus 2 sqrt(N) + 1 on a diagonal (symmetric for the
 * Cholesky factorization) and, for LU and QR, on the reversed diagonal
 * A(N-1-j, j): far above the random part's spectral radius (about
 * 0.58 sqrt(N)), so every matrix is well conditioned, the factors are
 * unique (LU's pivots are the big entries, none close to another) and
 * two correct factorizations differ by rounding only: a few N eps of the
 * factor's largest entry. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "testing/blacs_tools.h"
#include "tools/hetscal_info.h"
#include "util/flop_counts.h"

/* A difference above this many N eps of the largest entry fails the
 * test; rounding alone stays well under 1 on these matrices. */
#define INFO_TEST_TOLERANCE 100.0

typedef void (*potrf_fn)(const char *, const int *, double *, const int *, const int *,
                         const int *, int *);
typedef void (*geqrf_fn)(const int *, const int *, double *, const int *, const int *,
                         const int *, double *, double *, const int *, int *);
typedef void (*getrf_fn)(const int *, const int *, double *, const int *, const int *,
                         const int *, int *, int *);

enum { ROUTINE_POTRF, ROUTINE_GEQRF, ROUTINE_GETRF };
static const char *const routine_names[INFO_NTESTS] = { "PDPOTRF", "PDGEQRF", "PDGETRF" };
static const char *const routine_symbols[INFO_NTESTS] = { "pdpotrf_", "pdgeqrf_", "pdgetrf_" };

/* The local layout of an N x N matrix in NB x NB blocks from process
 * (0, 0). */
typedef struct local {
    int n, nb, nprow, npcol, myrow, mycol;
    int mloc, nloc, lld;
    int desc[9];
} local;

static int global_index(int l, int nb, int me, int nprocs)
{
    return (l / nb) * nprocs * nb + me * nb + l % nb;
}

/* A value in [-0.5, 0.5) from (i, j) alone (splitmix64), so that every
 * grid builds the same matrix. */
static double random_entry(long i, long j)
{
    unsigned long long x = (unsigned long long)i * 0x9E3779B97F4A7C15ULL
                           + (unsigned long long)j * 0xBF58476D1CE4E5B9ULL + 1;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    x ^= x >> 31;
    return (double)(x >> 11) / 9007199254740992.0 - 0.5;
}

static void generate(const local *L, int routine, double *a)
{
    double big = 2 * sqrt((double)L->n) + 1;
    for (int jl = 0; jl < L->nloc; jl++) {
        int j = global_index(jl, L->nb, L->mycol, L->npcol);
        for (int il = 0; il < L->mloc; il++) {
            int i = global_index(il, L->nb, L->myrow, L->nprow);
            double v;
            if (routine == ROUTINE_POTRF)
                v = random_entry(i < j ? i : j, i < j ? j : i) + (i == j ? big : 0);
            else
                v = random_entry(i, j) + (i == j || i == L->n - 1 - j ? big : 0);
            a[(size_t)jl * L->lld + il] = v;
        }
    }
}

/* max |h - r| / (max |r| N eps) over the part of the factors that the
 * routine defines (PDPOTRF 'L': the lower triangle), over the grid. */
static double difference(const local *L, int routine, const double *h, const double *r)
{
    double mine[2] = { 0, 0 }, all[2];
    for (int jl = 0; jl < L->nloc; jl++) {
        int j = global_index(jl, L->nb, L->mycol, L->npcol);
        for (int il = 0; il < L->mloc; il++) {
            int i = global_index(il, L->nb, L->myrow, L->nprow);
            if (routine == ROUTINE_POTRF && i < j)
                continue;
            size_t k = (size_t)jl * L->lld + il;
            double d = fabs(h[k] - r[k]);
            /* NaN trap: a NaN makes the difference NaN, which fails. */
            if (d != d || d > mine[0])
                mine[0] = d != d ? NAN : d;
            if (fabs(r[k]) > mine[1])
                mine[1] = fabs(r[k]);
        }
    }
    if (mine[0] != mine[0])
        mine[0] = INFINITY;
    MPI_Allreduce(mine, all, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return all[1] > 0 ? all[0] / (all[1] * L->n * DBL_EPSILON) : all[0];
}

/* One factorization of the matrix in a0 by fn into w (rank 0's INFO and
 * the slowest rank's seconds). */
static double run(const local *L, int routine, void *fn, const double *a0, double *w,
                  int *ipiv, double *tau, double *work, int lwork, int *info)
{
    int one = 1;
    memcpy(w, a0, (size_t)L->lld * L->nloc * sizeof *w);
    MPI_Barrier(MPI_COMM_WORLD);
    double t = MPI_Wtime();
    if (routine == ROUTINE_POTRF)
        ((potrf_fn)fn)("L", &L->n, w, &one, &one, L->desc, info);
    else if (routine == ROUTINE_GEQRF)
        ((geqrf_fn)fn)(&L->n, &L->n, w, &one, &one, L->desc, tau, work, &lwork, info);
    else
        ((getrf_fn)fn)(&L->n, &L->n, w, &one, &one, L->desc, ipiv, info);
    t = MPI_Wtime() - t;
    double slowest;
    MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return slowest;
}

static double flops(int routine, double n)
{
    return routine == ROUTINE_POTRF ? hs_flops_potrf(n)
           : routine == ROUTINE_GEQRF ? hs_flops_geqrf(n, n) : hs_flops_getrf(n, n);
}

/* The workspace PDGEQRF asks for (both libraries', the larger). */
static int geqrf_lwork(const local *L, void *mine, void *theirs)
{
    int one = 1, query = -1, info = 0, most = 1;
    double w = 0, tau = 0, a = 0;
    void *fns[2] = { mine, theirs };
    for (int k = 0; k < 2; k++) {
        if (!fns[k])
            continue;
        ((geqrf_fn)fns[k])(&L->n, &L->n, &a, &one, &one, L->desc, &tau, &w, &query, &info);
        if (info == 0 && (int)w > most)
            most = (int)w;
    }
    return most;
}

static void test_one(const local *L, int routine, info_test *t)
{
    void *mine = routine == ROUTINE_POTRF ? (void *)pdpotrf_
                 : routine == ROUTINE_GEQRF ? (void *)pdgeqrf_ : (void *)pdgetrf_;
    void *theirs = dlsym(RTLD_NEXT, routine_symbols[routine]);
    size_t len = (size_t)L->lld * (L->nloc > 0 ? L->nloc : 1);
    int lwork = routine == ROUTINE_GEQRF ? geqrf_lwork(L, mine, theirs) : 1;
    size_t npiv = (size_t)L->mloc + L->nb;

    memset(t, 0, sizeof *t);
    t->routine = routine_names[routine];
    t->n = L->n;
    t->nb = L->nb;
    double *a0 = malloc(len * sizeof *a0), *h = malloc(len * sizeof *h);
    double *r = malloc(len * sizeof *r), *work = malloc((size_t)lwork * sizeof *work);
    double *tau = malloc(((size_t)L->nloc + 1) * sizeof *tau);
    int *ipiv = malloc(npiv * sizeof *ipiv), *ref_ipiv = malloc(npiv * sizeof *ref_ipiv);
    int ok = a0 && h && r && work && tau && ipiv && ref_ipiv, all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    int have_ref = theirs != NULL, all_ref = 0;
    MPI_Allreduce(&have_ref, &all_ref, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all_ok || !all_ref) {
        snprintf(t->note, sizeof t->note, "%s",
                 !all_ok ? "out of memory on some rank"
                         : "no reference ScaLAPACK after hetscal in the link chain");
        goto done;
    }
    generate(L, routine, a0);
    memset(ipiv, 0, npiv * sizeof *ipiv);
    memset(ref_ipiv, 0, npiv * sizeof *ref_ipiv);

    /* A first call of each untimed: hetscal opens its devices and may
     * probe its kernel rates at its first call; the timed one is the
     * second, as in a program that factors many matrices. */
    run(L, routine, mine, a0, h, ipiv, tau, work, lwork, &t->info);
    double seconds = run(L, routine, mine, a0, h, ipiv, tau, work, lwork, &t->info);
    run(L, routine, theirs, a0, r, ref_ipiv, tau, work, lwork, &t->ref_info);
    double ref_seconds = run(L, routine, theirs, a0, r, ref_ipiv, tau, work, lwork,
                             &t->ref_info);
    t->gflops = seconds > 0 ? flops(routine, L->n) / seconds * 1e-9 : 0;
    t->ref_gflops = ref_seconds > 0 ? flops(routine, L->n) / ref_seconds * 1e-9 : 0;
    t->difference = difference(L, routine, h, r);

    int pivots_differ = 0, any_differ = 0;
    if (routine == ROUTINE_GETRF)
        for (int il = 0; il < L->mloc; il++)
            pivots_differ |= ipiv[il] != ref_ipiv[il];
    MPI_Allreduce(&pivots_differ, &any_differ, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);

    if (t->info != 0)
        snprintf(t->note, sizeof t->note, "hetscal's INFO = %d", t->info);
    else if (t->ref_info != 0)
        snprintf(t->note, sizeof t->note, "the reference's INFO = %d", t->ref_info);
    else if (any_differ)
        snprintf(t->note, sizeof t->note, "pivots differ from the reference's");
    else if (!(t->difference <= INFO_TEST_TOLERANCE))
        snprintf(t->note, sizeof t->note, "factors differ from the reference's by %.3g N eps",
                 t->difference);
    else
        t->passed = 1;
done:
    free(a0);
    free(h);
    free(r);
    free(work);
    free(tau);
    free(ipiv);
    free(ref_ipiv);
}

int hetscal_info_selftest(int ctxt, const info_options *opt, info_test *tests)
{
    local L = { .n = opt->n, .nb = opt->nb };
    int zero = 0, info = 0, failed = 0;
    Cblacs_gridinfo(ctxt, &L.nprow, &L.npcol, &L.myrow, &L.mycol);
    L.mloc = numroc_(&L.n, &L.nb, &L.myrow, &zero, &L.nprow);
    L.nloc = numroc_(&L.n, &L.nb, &L.mycol, &zero, &L.npcol);
    L.lld = L.mloc > 1 ? L.mloc : 1;
    descinit_(L.desc, &L.n, &L.n, &L.nb, &L.nb, &zero, &zero, &ctxt, &L.lld, &info);
    for (int k = 0; k < INFO_NTESTS; k++) {
        if (info != 0) {
            memset(&tests[k], 0, sizeof tests[k]);
            tests[k].routine = routine_names[k];
            tests[k].n = L.n;
            tests[k].nb = L.nb;
            snprintf(tests[k].note, sizeof tests[k].note, "DESCINIT: INFO = %d", info);
        } else {
            test_one(&L, k, &tests[k]);
        }
        failed += !tests[k].passed;
    }
    return failed;
}
