/* What HETSCAL_KEEP_MEMORY's settings cost on repeated calls: the same
 * PDPOTRF (or PDGEQRF) call, made again and again in one process, with
 * the tile block kept between calls (HETSCAL_KEEP_MEMORY=1), with the
 * default (kept up to 64 MiB, a larger block kept lazily: util/mem.h) and
 * with none kept (0: mapped and faulted in afresh at every call).  Each
 * repetition times the second of two calls in a row with each setting,
 * the settings in turn, so that the machine's noise hits all alike and
 * each timed call follows a call with its own setting.  Prints the best
 * and median time of each and their ratios.
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
    enum { MODES = 3 };
    static const char *const setting[MODES] = { "1", NULL, "0" };
    static const char *const label[MODES] = { "keep=1", "default", "keep=0" };
    double *t[MODES];
    for (int mode = 0; mode < MODES; mode++)
        t[mode] = calloc((size_t)reps, sizeof(double));

    for (int r = 0; r < reps; r++)
        for (int mode = 0; mode < MODES; mode++) {
            if (setting[mode])
                setenv("HETSCAL_KEEP_MEMORY", setting[mode], 1);
            else
                unsetenv("HETSCAL_KEEP_MEMORY");
            for (int call = 0; call < 2; call++) {
                fill(a, lld, lr, lc, mycol, npcol, nb, n);
                MPI_Barrier(MPI_COMM_WORLD);
                double t0 = MPI_Wtime();
                if (qr)
                    pdgeqrf_(&n, &n, a, &one, &one, desc, tau, work, &lwork, &info);
                else
                    pdpotrf_("L", &n, a, &one, &one, desc, &info);
                double dt = MPI_Wtime() - t0;
                MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
                t[mode][r] = dt;
            }
        }
    if (me == 0) {
        printf("%s N=%d NB=%d 1x%d, %d repetitions:", qr ? "pdgeqrf" : "pdpotrf", n, nb, np, reps);
        for (int mode = 0; mode < MODES; mode++) {
            qsort(t[mode], (size_t)reps, sizeof(double), cmp);
            printf(" %s best %.4f med %.4f s;", label[mode], t[mode][0], t[mode][reps / 2]);
        }
        printf(" default/keep=1 best %.3f med %.3f; keep=0/default best %.3f med %.3f\n",
               t[1][0] / t[0][0], t[1][reps / 2] / t[0][reps / 2], t[2][0] / t[1][0],
               t[2][reps / 2] / t[1][reps / 2]);
    }
    free(a);
    free(tau);
    free(work);
    for (int mode = 0; mode < MODES; mode++)
        free(t[mode]);
    Cblacs_gridexit(ctxt);
    MPI_Finalize();
    return 0;
}
