/* What the default HETSCAL_KEEP_MEMORY costs on repeated calls: the same
 * PDPOTRF (or PDGEQRF) call, made again and again in one process, with the
 * tile block kept between calls (HETSCAL_KEEP_MEMORY=1) and with the
 * default (kept only up to 64 MiB), alternating call by call so that the
 * machine's noise hits both alike.  Prints the best and median time of
 * each and their ratio.
 *   testing/launch NP timing/time_keep_memory [potrf|geqrf] N NB REPS
 * (grid 1 x NP; the caller's matrix is regenerated before every call). */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "testing/blacs_tools.h"

static int cmp(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static void fill(double *a, int lld, int lr, int lc, int mycol, int npcol, int nb, int n)
{
    for (int jl = 0; jl < lc; jl++)
        for (int i = 0; i < lr; i++) {
            int j = (jl / nb * npcol + mycol) * nb + jl % nb;
            a[i + (size_t)jl * lld] = (i == j ? n : 0) + 1.0 / (1.0 + i + j);
        }
}

int main(int argc, char **argv)
{
    int me, np, ctxt, nprow, npcol, myrow, mycol, info, zero = 0, one = 1;
    MPI_Init(&argc, &argv);
    int qr = argc > 1 && strcmp(argv[1], "geqrf") == 0;
    int n = argc > 2 ? atoi(argv[2]) : 4000, nb = argc > 3 ? atoi(argv[3]) : 128;
    int reps = argc > 4 ? atoi(argv[4]) : 5;
    Cblacs_pinfo(&me, &np);
    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", 1, np);
    Cblacs_gridinfo(ctxt, &nprow, &npcol, &myrow, &mycol);
    int lr = numroc_(&n, &nb, &myrow, &zero, &nprow), lc = numroc_(&n, &nb, &mycol, &zero, &npcol);
    int lld = lr > 1 ? lr : 1, desc[9];
    descinit_(desc, &n, &n, &nb, &nb, &zero, &zero, &ctxt, &lld, &info);
    double *a = malloc((size_t)lld * (lc > 0 ? lc : 1) * sizeof *a);
    double *tau = malloc(((size_t)lc + 1) * sizeof *tau), query;
    int lwork = -1;
    pdgeqrf_(&n, &n, a, &one, &one, desc, tau, &query, &lwork, &info);
    lwork = (int)query + 1;
    double *work = malloc((size_t)lwork * sizeof *work);
    double *t[2];
    t[0] = calloc((size_t)reps, sizeof(double));
    t[1] = calloc((size_t)reps, sizeof(double));

    /* One warm-up call of each, then alternating: keep=1, default, ... */
    for (int r = -1; r < reps; r++)
        for (int mode = 0; mode < 2; mode++) {
            if (mode == 0)
                setenv("HETSCAL_KEEP_MEMORY", "1", 1);
            else
                unsetenv("HETSCAL_KEEP_MEMORY");
            fill(a, lld, lr, lc, mycol, npcol, nb, n);
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            if (qr)
                pdgeqrf_(&n, &n, a, &one, &one, desc, tau, work, &lwork, &info);
            else
                pdpotrf_("L", &n, a, &one, &one, desc, &info);
            double dt = MPI_Wtime() - t0;
            MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            if (r >= 0)
                t[mode][r] = dt;
        }
    if (me == 0) {
        for (int mode = 0; mode < 2; mode++)
            qsort(t[mode], (size_t)reps, sizeof(double), cmp);
        printf("%s N=%d NB=%d 1x%d, %d alternating pairs: keep=1 best %.4f med %.4f s; "
               "default best %.4f med %.4f s; default/keep best %.3f med %.3f\n",
               qr ? "pdgeqrf" : "pdpotrf", n, nb, np, reps, t[0][0], t[0][reps / 2], t[1][0],
               t[1][reps / 2], t[1][0] / t[0][0], t[1][reps / 2] / t[0][reps / 2]);
    }
    free(a);
    free(tau);
    free(work);
    free(t[0]);
    free(t[1]);
    Cblacs_gridexit(ctxt);
    MPI_Finalize();
    return 0;
}
