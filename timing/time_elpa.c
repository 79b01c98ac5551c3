/* time_elpa: hetscal's PDPOTRF (UPLO = 'U') against ELPA's elpa_cholesky,
 * the Cholesky factorization that CP2K and Quantum ESPRESSO call instead
 * of PDPOTRF, on the same ScaLAPACK-layout matrices and grid:
 *   mpirun -n P*Q time_elpa -n 4000,8000 -nb 64,128 -p P -q Q [-reps R]
 *                           [-csv FILE]
 * Each case: R rounds of both, the order alternating from round to round,
 * each run timed from a barrier to the slowest rank; the best and median
 * of each, and the largest difference between the two upper factors
 * relative to the largest entry of hetscal's (both factor the same
 * matrix, so it must be at rounding level: the check that the times are
 * of the same work).  Built in the Open MPI build when Debian's libelpa-dev
 * is installed (ELPA links Open MPI's ScaLAPACK); one thread per rank,
 * as Debian's ELPA has no threads. */
#include "config.h"

#include <elpa/elpa.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "int_list.h"

void pdpotrf_(const char *uplo, const int *n, double *a, const int *ia, const int *ja,
              const int *desca, int *info, size_t);
void Cblacs_get(int ctxt, int what, int *val);
void Cblacs_gridinit(int *ctxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int ctxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int ctxt);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrc, const int *nprocs);

enum { MAX_LIST = 16, MAX_REPS = 32 };

typedef struct grid {
    int ctxt, nprow, npcol, myrow, mycol;
} grid;

/* An entry in [-1/2, 1/2) from its position, symmetric. */
static double entry(long i, long j)
{
    unsigned long long x = (unsigned long long)(i < j ? i : j) * 0x9E3779B97F4A7C15ull ^
                           (unsigned long long)(i < j ? j : i) * 0xC2B2AE3D27D4EB4Full;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    return (double)(x >> 11) * 0x1p-53 - 0.5;
}

/* Symmetric positive definite: random entries, the diagonal n. */
static void fill(const grid *g, int n, int nb, int rows, int cols, double *a)
{
    for (int lj = 0; lj < cols; lj++) {
        long j = (long)(lj / nb) * nb * g->npcol + (long)g->mycol * nb + lj % nb;
        for (int li = 0; li < rows; li++) {
            long i = (long)(li / nb) * nb * g->nprow + (long)g->myrow * nb + li % nb;
            a[(size_t)lj * rows + li] = i == j ? n : entry(i, j);
        }
    }
}

/* The seconds of one run, slowest rank; *failed set when a rank failed. */
static double run(const grid *g, int use_elpa, elpa_t h, int n, int nb, int rows, int cols,
                  double *a, int *failed)
{
    int desc[9] = { 1, g->ctxt, n, n, nb, nb, 0, 0, rows > 1 ? rows : 1 }, one = 1, info = 0;
    fill(g, n, nb, rows, cols, a);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (use_elpa)
        elpa_cholesky(h, a, &info);
    else
        pdpotrf_("U", &n, a, &one, &one, desc, &info, 1);
    double t = MPI_Wtime() - t0, worst;
    MPI_Allreduce(&t, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    *failed |= info != 0;
    return worst;
}

static int compare_doubles(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static double median(double *v, int count)
{
    qsort(v, (size_t)count, sizeof *v, compare_doubles);
    return count % 2 ? v[count / 2] : 0.5 * (v[count / 2 - 1] + v[count / 2]);
}

/* ELPA for an n x n matrix in nb blocks on the grid; NULL when it fails. */
static elpa_t elpa_for(const grid *g, int n, int nb, int rows, int cols)
{
    int err = ELPA_OK, e;
    elpa_t h = elpa_allocate(&err);
    if (err != ELPA_OK)
        return NULL;
    elpa_set(h, "na", n, &e), err |= e;
    elpa_set(h, "nev", n, &e), err |= e;
    elpa_set(h, "local_nrows", rows, &e), err |= e;
    elpa_set(h, "local_ncols", cols, &e), err |= e;
    elpa_set(h, "nblk", nb, &e), err |= e;
    elpa_set(h, "mpi_comm_parent", (int)MPI_Comm_c2f(MPI_COMM_WORLD), &e), err |= e;
    elpa_set(h, "process_row", g->myrow, &e), err |= e;
    elpa_set(h, "process_col", g->mycol, &e), err |= e;
    /* Only for ELPA's generalized problems: an ELPA without the option
     * factors the same. */
    elpa_set(h, "blacs_context", g->ctxt, &e);
    if (err != ELPA_OK || elpa_setup(h) != ELPA_OK) {
        elpa_deallocate(h, &e);
        return NULL;
    }
    return h;
}

/* Largest |U_hetscal - U_elpa| over the upper triangle, relative to the
 * largest |U_hetscal|, over the grid. */
static double difference(const grid *g, int nb, int rows, int cols, const double *u,
                         const double *v)
{
    double mine[2] = { 0, 0 }, all[2];
    for (int lj = 0; lj < cols; lj++) {
        long j = (long)(lj / nb) * nb * g->npcol + (long)g->mycol * nb + lj % nb;
        for (int li = 0; li < rows; li++) {
            long i = (long)(li / nb) * nb * g->nprow + (long)g->myrow * nb + li % nb;
            if (i > j)
                continue;
            size_t k = (size_t)lj * rows + li;
            mine[0] = fmax(mine[0], fabs(u[k] - v[k]));
            mine[1] = fmax(mine[1], fabs(u[k]));
        }
    }
    MPI_Allreduce(mine, all, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return all[1] > 0 ? all[0] / all[1] : all[0];
}

int main(int argc, char **argv)
{
    int ns[MAX_LIST] = { 4000 }, nbs[MAX_LIST] = { 64 }, nn = 1, nnb = 1;
    int p = 1, q = 0, reps = 3, rank, size, err;
    const char *csv = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int k = 1; k < argc; k++) {
        const char *v = k + 1 < argc ? argv[k + 1] : "";
        if (!strcmp(argv[k], "-n") && ++k)
            nn = time_parse_ints(v, ns, MAX_LIST, 1);
        else if (!strcmp(argv[k], "-nb") && ++k)
            nnb = time_parse_ints(v, nbs, MAX_LIST, 1);
        else if (!strcmp(argv[k], "-p") && ++k)
            p = atoi(v);
        else if (!strcmp(argv[k], "-q") && ++k)
            q = atoi(v);
        else if (!strcmp(argv[k], "-reps") && ++k)
            reps = atoi(v);
        else if (!strcmp(argv[k], "-csv") && ++k)
            csv = v;
        else {
            if (rank == 0)
                fprintf(stderr, "usage: mpirun -n P*Q %s [-n N,...] [-nb NB,...] [-p P -q Q] "
                                "[-reps R] [-csv FILE]\n", argv[0]);
            MPI_Finalize();
            return 2;
        }
    }
    if (q <= 0)
        q = size / (p > 0 ? p : 1);
    if (p < 1 || p * q != size || nn <= 0 || nnb <= 0 || reps < 1 || reps > MAX_REPS) {
        if (rank == 0)
            fprintf(stderr, "time_elpa: P x Q must be the %d ranks, 1 <= reps <= %d\n", size,
                    MAX_REPS);
        MPI_Finalize();
        return 2;
    }
    if (elpa_init(ELPA_API_VERSION) != ELPA_OK) {
        if (rank == 0)
            fprintf(stderr, "time_elpa: this ELPA does not provide API %d\n", ELPA_API_VERSION);
        MPI_Finalize();
        return 1;
    }
    grid g;
    Cblacs_get(0, 0, &g.ctxt);
    Cblacs_gridinit(&g.ctxt, "Row", p, q);
    Cblacs_gridinfo(g.ctxt, &g.nprow, &g.npcol, &g.myrow, &g.mycol);
    FILE *out = csv && rank == 0 ? fopen(csv, "w") : NULL;
    if (out)
        fprintf(out, "n,nb,p,q,reps,hs_best_s,hs_median_s,elpa_best_s,elpa_median_s,"
                     "elpa_over_hs,difference,check\n");
    if (rank == 0)
        printf("PDPOTRF (UPLO U) of hetscal against ELPA's elpa_cholesky, one thread per rank; "
               "seconds from a barrier to the slowest rank\n"
               "%6s %4s %5s %9s %9s %9s %9s %8s %9s %s\n", "N", "NB", "PxQ", "hs best",
               "hs med", "elpa best", "elpa med", "elpa/hs", "diff", "CHECK");
    int status = 0;
    for (int in = 0; in < nn; in++)
        for (int inb = 0; inb < nnb; inb++) {
            int n = ns[in], nb = nbs[inb], zero = 0;
            int rows = numroc_(&n, &nb, &g.myrow, &zero, &g.nprow);
            int cols = numroc_(&n, &nb, &g.mycol, &zero, &g.npcol);
            size_t count = (size_t)(rows > 1 ? rows : 1) * (size_t)(cols > 0 ? cols : 1);
            double *a = malloc(count * sizeof *a), *u = malloc(count * sizeof *u);
            elpa_t h = elpa_for(&g, n, nb, rows > 1 ? rows : 1, cols);
            int failed = !a || !u || !h, any;
            MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
            double ths[MAX_REPS], tel[MAX_REPS], diff = NAN;
            for (int r = 0; r < reps && !any; r++) {
                for (int turn = 0; turn < 2; turn++) {
                    int use_elpa = (turn + r) % 2;
                    double t = run(&g, use_elpa, h, n, nb, rows > 1 ? rows : 1, cols, a,
                                   &failed);
                    *(use_elpa ? &tel[r] : &ths[r]) = t;
                    if (!use_elpa)
                        memcpy(u, a, count * sizeof *a);
                }
                if (r == reps - 1) {
                    /* The last round's ELPA factor is in a when it ran
                     * second, else run it again to compare. */
                    if ((1 + r) % 2 != 1)
                        run(&g, 1, h, n, nb, rows > 1 ? rows : 1, cols, a, &failed);
                    diff = difference(&g, nb, rows > 1 ? rows : 1, cols, u, a);
                }
            }
            MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
            int pass = !any && diff < 1e-10;
            status |= !pass;
            if (rank == 0 && !any) {
                double hb = ths[0], eb = tel[0];
                for (int r = 1; r < reps; r++) {
                    hb = fmin(hb, ths[r]);
                    eb = fmin(eb, tel[r]);
                }
                double hm = median(ths, reps), em = median(tel, reps);
                printf("%6d %4d %2dx%-2d %9.4f %9.4f %9.4f %9.4f %8.2f %9.2e %s\n", n, nb, p, q,
                       hb, hm, eb, em, eb / hb, diff, pass ? "PASSED" : "FAILED");
                if (out)
                    fprintf(out, "%d,%d,%d,%d,%d,%.6f,%.6f,%.6f,%.6f,%.4f,%.3e,%s\n", n, nb, p,
                            q, reps, hb, hm, eb, em, eb / hb, diff, pass ? "PASSED" : "FAILED");
            } else if (rank == 0) {
                printf("%6d %4d %2dx%-2d failed (no memory, ELPA's setup or INFO != 0)\n", n,
                       nb, p, q);
            }
            if (h)
                elpa_deallocate(h, &err);
            free(a);
            free(u);
        }
    if (out)
        fclose(out);
    elpa_uninit(&err);
    Cblacs_gridexit(g.ctxt);
    MPI_Finalize();
    return status;
}
