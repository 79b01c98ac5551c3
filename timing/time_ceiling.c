/* The "ceiling": what the cores of the grid do at best, measured in the
 * same run as the routines.  Every rank of the grid at once starts THREADS
 * threads, each running single-threaded NB^3 DGEMMs on its own matrices
 * for a fixed time (what hetscal's workers do with their tiles, with no
 * dependency ever waited for); the rates of the ranks add up.  Shared or
 * oversubscribed cores show up as a lower ceiling. */
#include "config.h"

#include <mpi.h>
#include <pthread.h>
#include <stdlib.h>

#include "time_scalapack.h"

#define CEILING_SECONDS 0.3

struct gemm_thread {
    pthread_t id;
    int nb;
    double flops, seconds;
};

static void *run_gemms(void *arg)
{
    struct gemm_thread *t = arg;
    size_t size = (size_t)t->nb * (size_t)t->nb;
    double *a = malloc(3 * size * sizeof *a), t0, now;
    const double one = 1.0, zero = 0.0;
    int n = t->nb;

    if (a == NULL)
        return NULL;
    for (size_t i = 0; i < 3 * size; i++)
        a[i] = (double)(i % 17) * 0.25 - 2.0;
    dgemm_("N", "N", &n, &n, &n, &one, a, &n, a + size, &n, &zero,
           a + 2 * size, &n, 1, 1); /* warm-up: pages, caches, clock */
    t0 = now = MPI_Wtime();
    while (now - t0 < CEILING_SECONDS) {
        dgemm_("N", "N", &n, &n, &n, &one, a, &n, a + size, &n, &zero,
               a + 2 * size, &n, 1, 1);
        t->flops += 2.0 * n * (double)n * n;
        now = MPI_Wtime();
    }
    t->seconds = now - t0;
    free(a);
    return NULL;
}

static double rank_gflops(int threads, int nb)
{
    struct gemm_thread *t = calloc((size_t)threads, sizeof *t);
    double flops = 0.0, seconds = 0.0;
    int started = 0;

    if (t == NULL)
        return 0.0;
    for (; started < threads; started++) {
        t[started].nb = nb;
        if (pthread_create(&t[started].id, NULL, run_gemms, &t[started]))
            break;
    }
    for (int i = 0; i < started; i++) {
        pthread_join(t[i].id, NULL);
        flops += t[i].flops;
        if (t[i].seconds > seconds)
            seconds = t[i].seconds;
    }
    free(t);
    return started == threads ? time_gflops(flops, seconds) : 0.0;
}

double time_ceiling_gflops(int in_grid, int threads, int nb)
{
    double mine = 0.0, all;

    time_blas_threads(1);
    MPI_Barrier(MPI_COMM_WORLD);
    if (in_grid)
        mine = rank_gflops(threads, nb);
    time_idle_barrier();
    MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    time_blas_threads(threads);
    return all;
}
