/* QR's host panels over teams of idle workers (runtime/team.h,
 * kernels/qr_panel_team_body.h), through PDGEQRF and PZGEQRF on a 1 x P
 * grid (one tile row: every panel is one qr_geqrf task):
 * - with HETSCAL_PANEL_TEAM=on, 1, 2 and 4 workers per rank give the same
 *   factor and TAU bit for bit (the pieces follow from the panel's shape,
 *   not from how many workers joined);
 * - they differ from HETSCAL_PANEL_TEAM=off's (one ?GEQRT a panel: the
 *   team's path did run);
 * - the team's factor is as accurate as LAPACK's panels': with
 *   ScaLAPACK's P?ORMQR and P?ORGQR (linked after hetscal), Q^H A = R and
 *   Q^H Q = I for the first N columns of Q.
 * The tile width is fixed (HETSCAL_NB_SMALL), since the default rule
 * widens it with fewer workers.  Exit status: failed checks, summed. */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "include/hetscal.h"
#include "testing/blacs_tools.h"
#include "testing/panel_team_test.h"

enum { M = 900, N = 360, NB = 50 };

/* ScaLAPACK's, the matrices as doubles (complex: two each). */
void pdormqr_(const char *side, const char *trans, const int *m, const int *n, const int *k,
              const double *a, const int *ia, const int *ja, const int *desca,
              const double *tau, double *c, const int *ic, const int *jc, const int *descc,
              double *work, const int *lwork, int *info, size_t l1, size_t l2);
void pzunmqr_(const char *side, const char *trans, const int *m, const int *n, const int *k,
              const double *a, const int *ia, const int *ja, const int *desca,
              const double *tau, double *c, const int *ic, const int *jc, const int *descc,
              double *work, const int *lwork, int *info, size_t l1, size_t l2);
void pdorgqr_(const int *m, const int *n, const int *k, double *a, const int *ia, const int *ja,
              const int *desca, const double *tau, double *work, const int *lwork, int *info);
void pzungqr_(const int *m, const int *n, const int *k, double *a, const int *ia, const int *ja,
              const int *desca, const double *tau, double *work, const int *lwork, int *info);

/* One precision's matrices on this rank: parts doubles an entry (1 real,
 * 2 complex). */
typedef struct local {
    int parts, myrow, mycol, nprow, npcol, mloc, nloc, lld, desc[9];
    size_t count;             /* doubles of A */
    double *a, *tau, *c;      /* the factor, its TAU, a scratch matrix */
} local;

static int global_index(int l, int p, int np)
{
    return (l / NB * np + p) * NB + l % NB;
}

/* A into x: the real part from entry(i, j), the imaginary from
 * entry(i + M, j). */
static void fill(const local *L, double *x)
{
    for (int jl = 0; jl < L->nloc; jl++)
        for (int il = 0; il < L->mloc; il++) {
            int i = global_index(il, L->myrow, L->nprow), j = global_index(jl, L->mycol, L->npcol);
            double *e = x + ((size_t)il + (size_t)jl * L->lld) * L->parts;
            e[0] = entry(i, j);
            if (L->parts == 2)
                e[1] = entry(i + M, j);
        }
}

/* P?GEQRF of A with the team setting and workers; INFO. */
static int factor(local *L, const char *team, const char *threads)
{
    int one = 1, m = M, n = N, lwork = -1, info = -1;
    double query[2];
    setenv("HETSCAL_PANEL_TEAM", team, 1);
    setenv("HETSCAL_NUM_THREADS", threads, 1);
    fill(L, L->a);
    memset(L->tau, 0, (size_t)(L->nloc + NB) * L->parts * sizeof(double));
    if (L->parts == 1)
        pdgeqrf_(&m, &n, L->a, &one, &one, L->desc, L->tau, query, &lwork, &info);
    else
        pzgeqrf_(&m, &n, (HETSCAL_COMPLEX_DOUBLE *)L->a, &one, &one, L->desc,
                 (HETSCAL_COMPLEX_DOUBLE *)L->tau, (HETSCAL_COMPLEX_DOUBLE *)query, &lwork, &info);
    lwork = (int)query[0];
    double *work = malloc((size_t)(lwork > 1 ? lwork : 1) * L->parts * sizeof(double));
    if (!work)
        MPI_Abort(MPI_COMM_WORLD, 2);
    if (L->parts == 1)
        pdgeqrf_(&m, &n, L->a, &one, &one, L->desc, L->tau, work, &lwork, &info);
    else
        pzgeqrf_(&m, &n, (HETSCAL_COMPLEX_DOUBLE *)L->a, &one, &one, L->desc,
                 (HETSCAL_COMPLEX_DOUBLE *)L->tau, (HETSCAL_COMPLEX_DOUBLE *)work, &lwork, &info);
    free(work);
    return info;
}

/* c = Q^H c (ScaLAPACK's P?ORMQR with the factor in L); INFO. */
static int apply_qh(const local *L, double *c)
{
    int one = 1, m = M, n = N, lwork = -1, info = -1;
    double query[2];
    const char *trans = L->parts == 1 ? "T" : "C";
    void (*call)(const char *, const char *, const int *, const int *, const int *,
                 const double *, const int *, const int *, const int *, const double *,
                 double *, const int *, const int *, const int *, double *, const int *, int *,
                 size_t, size_t) = L->parts == 1 ? pdormqr_ : pzunmqr_;
    call("L", trans, &m, &n, &n, L->a, &one, &one, L->desc, L->tau, c, &one, &one, L->desc,
         query, &lwork, &info, 1, 1);
    lwork = (int)query[0];
    double *work = malloc((size_t)(lwork > 1 ? lwork : 1) * L->parts * sizeof(double));
    if (!work)
        MPI_Abort(MPI_COMM_WORLD, 2);
    call("L", trans, &m, &n, &n, L->a, &one, &one, L->desc, L->tau, c, &one, &one, L->desc,
         work, &lwork, &info, 1, 1);
    free(work);
    return info;
}

/* c = the first N columns of Q (P?ORGQR of a copy of the factor); INFO. */
static int form_q(const local *L, double *c)
{
    int one = 1, m = M, n = N, lwork = -1, info = -1;
    double query[2];
    void (*orgqr)(const int *, const int *, const int *, double *, const int *, const int *,
                  const int *, const double *, double *, const int *, int *) =
        L->parts == 1 ? pdorgqr_ : pzungqr_;
    memcpy(c, L->a, L->count * sizeof(double));
    orgqr(&m, &n, &n, c, &one, &one, L->desc, L->tau, query, &lwork, &info);
    lwork = (int)query[0];
    double *work = malloc((size_t)(lwork > 1 ? lwork : 1) * L->parts * sizeof(double));
    if (!work)
        MPI_Abort(MPI_COMM_WORLD, 2);
    orgqr(&m, &n, &n, c, &one, &one, L->desc, L->tau, work, &lwork, &info);
    free(work);
    return info;
}

/* max |c(i, j) - target(i, j)| over the grid: target R (the factor on
 * and above the diagonal, 0 below) when r, else the identity's first N
 * columns; NaN counts as infinite. */
static double distance(const local *L, const double *c, int r)
{
    double err = 0;
    for (int jl = 0; jl < L->nloc; jl++)
        for (int il = 0; il < L->mloc; il++) {
            int i = global_index(il, L->myrow, L->nprow), j = global_index(jl, L->mycol, L->npcol);
            size_t at = ((size_t)il + (size_t)jl * L->lld) * L->parts;
            double re = r ? (i <= j ? L->a[at] : 0) : i == j, im = 0;
            if (L->parts == 2 && r && i <= j)
                im = L->a[at + 1];
            double d = hypot(c[at] - re, L->parts == 2 ? c[at + 1] - im : 0);
            err = d - d == 0 ? fmax(err, d) : INFINITY;
        }
    MPI_Allreduce(MPI_IN_PLACE, &err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return err;
}

/* ||Q^H A - R||_max and ||Q^H Q - I||_max for the factor in L. */
static void accuracy(local *L, double *res, double *orth)
{
    fill(L, L->c);
    int info = apply_qh(L, L->c);
    *res = info == 0 ? distance(L, L->c, 1) : INFINITY;
    info = form_q(L, L->c);
    if (info == 0)
        info = apply_qh(L, L->c);
    *orth = info == 0 ? distance(L, L->c, 0) : INFINITY;
}

/* The checks for one precision (parts 1: D, 2: Z). */
static void run(int ctxt, int parts)
{
    const char *name = parts == 1 ? "PDGEQRF" : "PZGEQRF";
    int zero = 0, m = M, n = N, nb = NB, info;
    local L = { .parts = parts };
    Cblacs_gridinfo(ctxt, &L.nprow, &L.npcol, &L.myrow, &L.mycol);
    L.mloc = numroc_(&m, &nb, &L.myrow, &zero, &L.nprow);
    L.nloc = numroc_(&n, &nb, &L.mycol, &zero, &L.npcol);
    L.lld = L.mloc > 1 ? L.mloc : 1;
    descinit_(L.desc, &m, &n, &nb, &nb, &zero, &zero, &ctxt, &L.lld, &info);
    L.count = (size_t)L.lld * (size_t)(L.nloc > 0 ? L.nloc : 1) * parts;
    size_t tau_count = (size_t)(L.nloc + NB) * parts;
    L.a = malloc(L.count * sizeof(double));
    L.c = malloc(L.count * sizeof(double));
    L.tau = malloc(tau_count * sizeof(double));
    double *first = malloc(L.count * sizeof(double)), *first_tau = malloc(tau_count * sizeof(double));
    if (!L.a || !L.c || !L.tau || !first || !first_tau)
        MPI_Abort(MPI_COMM_WORLD, 2);
    char what[128];

    snprintf(what, sizeof what, "%s, one ?GEQRT a panel: INFO = 0", name);
    check(factor(&L, "off", "2") == 0, what);
    memcpy(first, L.a, L.count * sizeof(double));
    double lapack_res, lapack_orth;
    accuracy(&L, &lapack_res, &lapack_orth);

    static const char *const workers[] = { "1", "2", "4" };
    double team_res = 0, team_orth = 0;
    for (int k = 0; k < 3; k++) {
        snprintf(what, sizeof what, "%s, teams on %s workers: INFO = 0", name, workers[k]);
        check(factor(&L, "on", workers[k]) == 0, what);
        if (k == 0) {
            int differs = memcmp(first, L.a, L.count * sizeof(double)) != 0;
            MPI_Allreduce(MPI_IN_PLACE, &differs, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
            snprintf(what, sizeof what, "%s: the teams' factor is not the one-?GEQRT panels' "
                     "(their path ran)", name);
            check(differs, what);
            memcpy(first, L.a, L.count * sizeof(double));
            memcpy(first_tau, L.tau, tau_count * sizeof(double));
        } else {
            snprintf(what, sizeof what, "%s, teams on %s workers: the factor and TAU of 1 worker",
                     name, workers[k]);
            check(memcmp(first, L.a, L.count * sizeof(double)) == 0
                      && memcmp(first_tau, L.tau, tau_count * sizeof(double)) == 0, what);
        }
        double res, orth;
        accuracy(&L, &res, &orth);
        team_res = fmax(team_res, res);
        team_orth = fmax(team_orth, orth);
    }
    if (me == 0)
        printf("%s: max |Q^H A - R|, |Q^H Q - I|: one ?GEQRT a panel %.3e %.3e, teams %.3e %.3e\n",
               name, lapack_res, lapack_orth, team_res, team_orth);
    /* entries in [-1, 1): ||A|| about sqrt(M N) / 2 */
    double bound = 1e3 * DBL_EPSILON * M;
    snprintf(what, sizeof what, "%s, one ?GEQRT a panel: Q^H A = R, Q^H Q = I", name);
    check(lapack_res < bound && lapack_orth < bound, what);
    snprintf(what, sizeof what, "%s, teams: as accurate as LAPACK's panels", name);
    check(team_res < bound && team_orth < bound && team_res < 10 * lapack_res + 1e-14
              && team_orth < 10 * lapack_orth + 1e-14, what);

    free(first);
    free(first_tau);
    free(L.a);
    free(L.c);
    free(L.tau);
}

int main(int argc, char **argv)
{
    int provided, nprocs, ctxt;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    setenv("HETSCAL_NB_SMALL", "150", 1);   /* three 64-column blocks, the last short */
    /* The host's columns only: with accelerators (the CUDA stand-in of the
     * sanitizer builds) the share of a column kept on the host follows the
     * host's rate (its measured rate per thread times the workers) over the
     * accelerators' (the rates file, measured under whatever load), so
     * that 1, 2 and 4 workers could split the columns differently and
     * factor different panels on the device. */
    setenv("HETSCAL_DEVICES", "cpu", 1);
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "Row", 1, nprocs);
    run(ctxt, 1);
    run(ctxt, 2);
    MPI_Allreduce(MPI_IN_PLACE, &failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    Cblacs_gridexit(ctxt);
    MPI_Finalize();
    return failures;
}
