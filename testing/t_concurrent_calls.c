/* Two threads of each process call PDPOTRF, PDGEQRF and PDGETRF at the same time,
 * each on its own BLACS context over all the processes (MPI_THREAD_MULTIPLE):
 * every result must be bit for bit the one the same call gives when the
 * calls are made one after the other.  The two grids are laid out
 * differently (1 x P and P x 1, or 2 x 2 and its transpose by column
 * order), so a process-wide lock would deadlock here as soon as two
 * processes' threads took it in different orders.  With emulated GPUs
 * (HETSCAL_DEVICES=emu:N) one call at a time gets them: results then
 * agree to rounding.
 * Exit status: failed checks (summed over ranks); 77 without
 * MPI_THREAD_MULTIPLE. */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "include/hetscal.h"
#include "testing/blacs_tools.h"

/* Each caller runs the three routines in turn, each twice. */
enum { ROUNDS = 6, CALLERS = 2 };

/* One caller's problem: its grid, sizes and buffers. */
typedef struct caller {
    int ctxt, nprow, npcol, myrow, mycol;
    int n, m, nb;              /* PDPOTRF n x n; PDGEQRF, PDGETRF m x n */
    char uplo;
    int desc_c[9], desc_q[9];
    size_t count_c, count_q;   /* local elements */
    double *ref_c, *ref_q, *ref_tau, *ref_l, *a, *tau, *work;
    int *ipiv, *ref_ipiv;
    size_t count_ipiv;
    int lwork, info_ref_c, info_ref_q, info_ref_l;
    int failures;
} caller;

static int me;

static int local_rows(const caller *c, int rows)
{
    int zero = 0;
    return numroc_(&rows, &c->nb, &c->myrow, &zero, &c->nprow);
}

static int local_cols(const caller *c, int cols)
{
    int zero = 0;
    return numroc_(&cols, &c->nb, &c->mycol, &zero, &c->npcol);
}

/* Global index of local row (or column) l on process p of np. */
static int global_index(int l, int nb, int p, int np)
{
    return (l / nb * np + p) * nb + l % nb;
}

/* Diagonally dominant: SPD for PDPOTRF (SPD), and well conditioned for
 * PDGEQRF (DOMINANT), whose reflectors are then fixed to rounding whatever
 * the layout (the periodic part alone has rank 11); for PDGETRF
 * (PIVOTING) a diagonal that does not dominate, so that rows are
 * interchanged. */
enum kind { SPD, DOMINANT, PIVOTING };

static void fill(const caller *c, double *a, int rows, int cols, int kind)
{
    int lr = local_rows(c, rows), lc = local_cols(c, cols), lld = lr > 1 ? lr : 1;
    for (int jl = 0; jl < lc; jl++)
        for (int il = 0; il < lr; il++) {
            int i = global_index(il, c->nb, c->myrow, c->nprow);
            int j = global_index(jl, c->nb, c->mycol, c->npcol);
            double v = 1.0 / (1.0 + i + 2 * j) + ((i * 7 + j * 3) % 11) * 0.01;
            double diag = kind == PIVOTING ? v + 0.5 : rows + v;
            a[il + (size_t)jl * lld] = i == j ? diag : kind == SPD ? v : v - 0.05;
        }
}

static void run_potrf(caller *c, double *a, int *info)
{
    int one = 1;
    fill(c, a, c->n, c->n, SPD);
    pdpotrf_(&c->uplo, &c->n, a, &one, &one, c->desc_c, info);
}

static void run_geqrf(caller *c, double *a, double *tau, int *info)
{
    int one = 1;
    fill(c, a, c->m, c->n, DOMINANT);
    pdgeqrf_(&c->m, &c->n, a, &one, &one, c->desc_q, tau, c->work, &c->lwork, info);
}

static void run_getrf(caller *c, double *a, int *ipiv, int *info)
{
    int one = 1;
    fill(c, a, c->m, c->n, PIVOTING);
    pdgetrf_(&c->m, &c->n, a, &one, &one, c->desc_q, ipiv, info);
}

static void check(caller *c, int ok, const char *what, int round)
{
    if (!ok) {
        printf("FAILED: rank %d, grid %dx%d, round %d: %s\n", me, c->nprow, c->npcol, round,
               what);
        c->failures++;
    }
}

/* With devices (HETSCAL_DEVICES=emu:N) only one of the calls running at
 * once gets them, and the other runs the host layout: the same factor up
 * to rounding then, not bit for bit. */
static int with_devices;

static int same(const double *x, const double *y, size_t count)
{
    if (!with_devices)
        return memcmp(x, y, count * sizeof(double)) == 0;
    double diff = 0, scale = 0;
    for (size_t i = 0; i < count; i++) {
        double d = fabs(x[i] - y[i]), a = fabs(y[i]);
        diff = d > diff || d != d ? d : diff;
        scale = a > scale ? a : scale;
    }
    return diff <= 1e-10 * (scale > 1 ? scale : 1);
}

static void *concurrent_caller(void *arg)
{
    caller *c = arg;
    for (int round = 0; round < ROUNDS; round++) {
        int info;
        int routine = (round + (c->nprow > c->npcol)) % 3;
        if (routine == 0) {
            run_potrf(c, c->a, &info);
            check(c, info == c->info_ref_c, "PDPOTRF INFO as one after the other", round);
            check(c, same(c->a, c->ref_c, c->count_c),
                  "PDPOTRF factor as one after the other", round);
        } else if (routine == 2) {
            run_getrf(c, c->a, c->ipiv, &info);
            check(c, info == c->info_ref_l, "PDGETRF INFO as one after the other", round);
            check(c, same(c->a, c->ref_l, c->count_q),
                  "PDGETRF L and U as one after the other", round);
            check(c, memcmp(c->ipiv, c->ref_ipiv, c->count_ipiv * sizeof(int)) == 0,
                  "PDGETRF IPIV as one after the other", round);
        } else {
            run_geqrf(c, c->a, c->tau, &info);
            check(c, info == c->info_ref_q, "PDGEQRF INFO as one after the other", round);
            check(c, same(c->a, c->ref_q, c->count_q),
                  "PDGEQRF R and V as one after the other", round);
            check(c, same(c->tau, c->ref_tau, (size_t)local_cols(c, c->n)),
                  "PDGEQRF TAU as one after the other", round);
        }
    }
    return NULL;
}

static void setup(caller *c, int nprocs, int k)
{
    int zero = 0, info;
    /* Two different grids over the same processes. */
    int p = nprocs == 4 ? 2 : k == 0 ? 1 : nprocs, q = nprocs / p;
    Cblacs_get(-1, 0, &c->ctxt);
    Cblacs_gridinit(&c->ctxt, k == 0 ? "R" : "C", p, q);
    Cblacs_gridinfo(c->ctxt, &c->nprow, &c->npcol, &c->myrow, &c->mycol);
    c->n = k == 0 ? 301 : 256;
    c->m = k == 0 ? 377 : 256;
    c->nb = k == 0 ? 32 : 48;
    c->uplo = k == 0 ? 'L' : 'U';
    int lld_c = local_rows(c, c->n), lld_q = local_rows(c, c->m);
    lld_c = lld_c > 1 ? lld_c : 1;
    lld_q = lld_q > 1 ? lld_q : 1;
    descinit_(c->desc_c, &c->n, &c->n, &c->nb, &c->nb, &zero, &zero, &c->ctxt, &lld_c, &info);
    descinit_(c->desc_q, &c->m, &c->n, &c->nb, &c->nb, &zero, &zero, &c->ctxt, &lld_q, &info);
    /* The local matrices exactly (the buffer is shared by both routines:
     * what lies past one's local part is the other's). */
    c->count_c = (size_t)lld_c * (size_t)local_cols(c, c->n);
    c->count_q = (size_t)lld_q * (size_t)local_cols(c, c->n);
    size_t count = (c->count_c > c->count_q ? c->count_c : c->count_q) + 1;
    c->a = calloc(count, sizeof(double));
    c->ref_c = calloc(c->count_c + 1, sizeof(double));
    c->ref_q = calloc(c->count_q + 1, sizeof(double));
    c->tau = calloc((size_t)local_cols(c, c->n) + 1, sizeof(double));
    c->ref_tau = calloc((size_t)local_cols(c, c->n) + 1, sizeof(double));
    c->ref_l = calloc(c->count_q + 1, sizeof(double));
    c->count_ipiv = (size_t)lld_q + (size_t)c->nb;
    c->ipiv = calloc(c->count_ipiv, sizeof(int));
    c->ref_ipiv = calloc(c->count_ipiv, sizeof(int));
    /* Workspace: ask PDGEQRF (an LWORK = -1 query). */
    double query;
    int one = 1, minus_one = -1;
    pdgeqrf_(&c->m, &c->n, c->a, &one, &one, c->desc_q, c->tau, &query, &minus_one, &info);
    c->lwork = (int)query + 1;
    c->work = malloc((size_t)c->lwork * sizeof(double));
}

int main(int argc, char **argv)
{
    int provided, nprocs, all = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (provided != MPI_THREAD_MULTIPLE) {
        if (me == 0)
            printf("SKIPPED: the MPI library does not provide MPI_THREAD_MULTIPLE\n");
        MPI_Finalize();
        return 77;
    }

    const char *devices = getenv("HETSCAL_DEVICES");
    with_devices = devices && (strncmp(devices, "emu", 3) == 0 || strncmp(devices, "cuda", 4) == 0);

    caller c[CALLERS];
    memset(c, 0, sizeof c);
    for (int k = 0; k < CALLERS; k++)
        setup(&c[k], nprocs, k);

    /* The reference: the same calls, one after the other. */
    for (int k = 0; k < CALLERS; k++) {
        run_potrf(&c[k], c[k].ref_c, &c[k].info_ref_c);
        run_geqrf(&c[k], c[k].ref_q, c[k].ref_tau, &c[k].info_ref_q);
        run_getrf(&c[k], c[k].ref_l, c[k].ref_ipiv, &c[k].info_ref_l);
        check(&c[k], c[k].info_ref_c == 0 && c[k].info_ref_q == 0 && c[k].info_ref_l == 0,
              "INFO = 0 one after the other", -1);
    }

    pthread_t thread[CALLERS];
    for (int k = 0; k < CALLERS; k++)
        if (pthread_create(&thread[k], NULL, concurrent_caller, &c[k]) != 0) {
            printf("FAILED: rank %d cannot start a thread\n", me);
            c[k].failures++;
            thread[k] = 0;
        }
    int failures = 0;
    for (int k = 0; k < CALLERS; k++) {
        if (thread[k])
            pthread_join(thread[k], NULL);
        failures += c[k].failures;
    }

    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("%s: %d threads calling at once, %d rounds, %d ranks, %d failed checks\n",
               all ? "FAILED" : "PASSED", CALLERS, ROUNDS, nprocs, all);
    for (int k = 0; k < CALLERS; k++) {
        free(c[k].a);
        free(c[k].ref_c);
        free(c[k].ref_q);
        free(c[k].tau);
        free(c[k].ref_tau);
        free(c[k].ref_l);
        free(c[k].ipiv);
        free(c[k].ref_ipiv);
        free(c[k].work);
        Cblacs_gridexit(c[k].ctxt);
    }
    MPI_Finalize();
    return all;
}
