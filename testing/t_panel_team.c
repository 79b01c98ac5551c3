/* Host panels over teams of idle workers (runtime/team.h): LU's
 * (kernels/lu_panel_team_body.h), through PDGETRF on a 1 x P grid and a
 * random matrix that pivots at almost every column, and Cholesky's wide
 * diagonal blocks (kernels/chol_panel_team_body.h), through PDPOTRF in
 * 1024-wide tiles of a random SPD matrix:
 * - with HETSCAL_PANEL_TEAM=on, 1, 2 and 4 workers per rank give the same
 *   factor (and IPIV) bit for bit (the pieces follow from the panel's
 *   shape, not from how many workers joined);
 * - they differ from HETSCAL_PANEL_TEAM=off's (one LAPACK call a panel:
 *   the team's path did run);
 * - the team's factor solves A x = b (ScaLAPACK's PDGETRS or PDPOTRS,
 *   linked after hetscal) as accurately as the one-call panels' does;
 * - a failing minor inside a team's block gives the same INFO.
 * The tile width is fixed (HETSCAL_NB_SMALL), since the default rule
 * widens it with fewer workers.  Exit status: failed checks, summed. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "include/hetscal.h"
#include "testing/blacs_tools.h"
#include "testing/panel_team_test.h"

enum { N = 1100, NB = 50, NRHS = 1 };

void pdpotrs_(const char *uplo, const int *n, const int *nrhs, const double *a, const int *ia,
              const int *ja, const int *desca, double *b, const int *ib, const int *jb,
              const int *descb, int *info, size_t luplo);
void pdgetrs_(const char *trans, const int *n, const int *nrhs, const double *a,
              const int *ia, const int *ja, const int *desca, const int *ipiv, double *b,
              const int *ib, const int *jb, const int *descb, int *info, size_t ltrans);

typedef struct local {
    int cholesky;             /* PDPOTRF (1) or PDGETRF (0) */
    int bad_minor;            /* Cholesky: this diagonal entry negative (0: none) */
    int nprow, npcol, myrow, mycol, mloc, nloc, lld, desc[9], bdesc[9];
    double *a, *b;
    int *ipiv;
} local;

static int global_index(int l, int p, int np)
{
    return (l / NB * np + p) * NB + l % NB;
}

/* A(i, j): random, or for Cholesky symmetric with N on the diagonal. */
static double matrix(const local *L, int i, int j)
{
    if (!L->cholesky)
        return entry(i, j);
    if (i == j && L->bad_minor > 0 && i + 1 == L->bad_minor)
        return -(double)N;
    return entry(i < j ? i : j, i < j ? j : i) + (i == j ? N : 0);
}

static void fill(local *L)
{
    for (int jl = 0; jl < L->nloc; jl++)
        for (int il = 0; il < L->mloc; il++)
            L->a[il + (size_t)jl * L->lld] = matrix(L, global_index(il, L->myrow, L->nprow),
                                                    global_index(jl, L->mycol, L->npcol));
}

/* PDGETRF with the team setting and workers; INFO. */
static int factor(local *L, const char *team, const char *threads)
{
    int one = 1, n = N, info = -1;
    setenv("HETSCAL_PANEL_TEAM", team, 1);
    setenv("HETSCAL_NUM_THREADS", threads, 1);
    fill(L);
    memset(L->ipiv, 0, (size_t)(L->mloc + NB) * sizeof(int));
    if (L->cholesky)
        pdpotrf_("L", &n, L->a, &one, &one, L->desc, &info);
    else
        pdgetrf_(&n, &n, L->a, &one, &one, L->desc, L->ipiv, &info);
    return info;
}

/* max |x - 1| of A x = A 1 solved with the factor in L (rank with
 * column 0 of the grid holds b). */
static double solve_error(local *L)
{
    int one = 1, n = N, nrhs = NRHS, info = -1;
    if (L->mycol == 0)
        for (int il = 0; il < L->mloc; il++) {
            int i = global_index(il, L->myrow, L->nprow);
            double s = 0;
            for (int j = 0; j < N; j++)
                s += matrix(L, i, j);
            L->b[il] = s;
        }
    if (L->cholesky)
        pdpotrs_("L", &n, &nrhs, L->a, &one, &one, L->desc, L->b, &one, &one, L->bdesc, &info,
                 1);
    else
        pdgetrs_("N", &n, &nrhs, L->a, &one, &one, L->desc, L->ipiv, L->b, &one, &one,
                 L->bdesc, &info, 1);
    double err = info == 0 ? 0 : INFINITY;
    if (L->mycol == 0)
        for (int il = 0; il < L->mloc; il++)
            err = fmax(err, fabs(L->b[il] - 1));
    MPI_Allreduce(MPI_IN_PLACE, &err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return err;
}

/* The checks of one routine (file comment); first and first_ipiv:
 * scratch of A's and IPIV's sizes. */
static void check_routine(local *L, size_t count, double *first, int *first_ipiv)
{
    const char *one_call = L->cholesky ? "one ?POTRF a block" : "one ?GETRF a panel";
    size_t ipiv_bytes = (size_t)(L->mloc + NB) * sizeof(int);
    char what[128];
    snprintf(what, sizeof what, "%s: INFO = 0", one_call);
    check(factor(L, "off", "2") == 0, what);
    memcpy(first, L->a, count * sizeof(double));
    memcpy(first_ipiv, L->ipiv, ipiv_bytes);
    double lapack_error = solve_error(L);

    static const char *const workers[] = { "1", "2", "4" };
    double team_error = 0;
    for (int k = 0; k < 3; k++) {
        snprintf(what, sizeof what, "teams on %s workers: INFO = 0", workers[k]);
        check(factor(L, "on", workers[k]) == 0, what);
        if (k == 0) {
            int differs = memcmp(first, L->a, count * sizeof(double)) != 0;
            MPI_Allreduce(MPI_IN_PLACE, &differs, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
            snprintf(what, sizeof what, "the teams' factor is not %s's (their path ran)",
                     one_call);
            check(differs, what);
            memcpy(first, L->a, count * sizeof(double));
            memcpy(first_ipiv, L->ipiv, ipiv_bytes);
        } else {
            snprintf(what, sizeof what, "teams on %s workers: the factor and IPIV of 1 worker",
                     workers[k]);
            check(memcmp(first, L->a, count * sizeof(double)) == 0
                      && memcmp(first_ipiv, L->ipiv, ipiv_bytes) == 0, what);
        }
        double err = solve_error(L);
        team_error = fmax(team_error, err);
    }
    if (me == 0)
        printf("%s: max |x - 1|: %s %.3e, teams %.3e\n", L->cholesky ? "PDPOTRF" : "PDGETRF",
               one_call, lapack_error, team_error);
    snprintf(what, sizeof what, "%s: the solve is accurate", one_call);
    check(lapack_error < 1e-9, what);
    check(team_error < 1e-9 && team_error < 100 * lapack_error + 1e-12,
          "teams: the solve as accurate as with one call a panel");
}

int main(int argc, char **argv)
{
    int provided, nprocs, ctxt, zero = 0, n = N, nb = NB, one = 1, info;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    setenv("HETSCAL_NB_SMALL", "64", 1);
    /* The host's columns only, as t_qr_panel_team.c says why: with the
     * stand-in's GPUs the host's share of the columns follows its rate,
     * the workers times a rate per thread measured under load. */
    setenv("HETSCAL_DEVICES", "cpu", 1);
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "Row", 1, nprocs);
    local L = { 0 };
    Cblacs_gridinfo(ctxt, &L.nprow, &L.npcol, &L.myrow, &L.mycol);
    L.mloc = numroc_(&n, &nb, &L.myrow, &zero, &L.nprow);
    L.nloc = numroc_(&n, &nb, &L.mycol, &zero, &L.npcol);
    L.lld = L.mloc > 1 ? L.mloc : 1;
    descinit_(L.desc, &n, &n, &nb, &nb, &zero, &zero, &ctxt, &L.lld, &info);
    descinit_(L.bdesc, &n, &one, &nb, &nb, &zero, &zero, &ctxt, &L.lld, &info);
    size_t count = (size_t)L.lld * (size_t)(L.nloc > 0 ? L.nloc : 1);
    L.a = malloc(count * sizeof(double));
    L.b = malloc((size_t)L.lld * sizeof(double));
    L.ipiv = malloc((size_t)(L.mloc + NB) * sizeof(int));
    double *first = malloc(count * sizeof(double));
    int *first_ipiv = malloc((size_t)(L.mloc + NB) * sizeof(int));
    if (!L.a || !L.b || !L.ipiv || !first || !first_ipiv)
        MPI_Abort(MPI_COMM_WORLD, 2);

    check_routine(&L, count, first, first_ipiv);
    /* Cholesky: a 1024-wide diagonal block takes the team's path */
    setenv("HETSCAL_NB_SMALL", "1024", 1);
    L.cholesky = 1;
    check_routine(&L, count, first, first_ipiv);
    /* a failing minor inside the team's block: INFO as with one ?POTRF */
    L.bad_minor = 701;
    check(factor(&L, "off", "2") == 701, "one ?POTRF a block: INFO = 701");
    check(factor(&L, "on", "4") == 701, "teams: INFO = 701");

    free(first);
    free(first_ipiv);
    free(L.a);
    free(L.b);
    free(L.ipiv);
    MPI_Allreduce(MPI_IN_PLACE, &failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    Cblacs_gridexit(ctxt);
    MPI_Finalize();
    return failures;
}
