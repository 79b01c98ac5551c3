/* The "ceiling": what the cores of the grid do at best, measured in the
 * same run as the routines.  Every rank of the grid at once starts THREADS
 * threads, each running single-threaded NB^3 GEMMs of the case's
 * precision (SGEMM .. ZGEMM; complex counted as 4 real flops per flop) on
 * its own matrices for a fixed time (what hetscal's workers do with their
 * tiles, with no dependency ever waited for); the rates of the ranks add
 * up.  Shared or oversubscribed cores show up as a lower ceiling. */
#include "config.h"

#include <mpi.h>
#include <pthread.h>
#include <stdlib.h>

#include "time_scalapack.h"

#define CEILING_SECONDS 0.3

/* The BLAS ?GEMM of any precision: matrices and scalars as they are. */
typedef void gemm_fn(const char *, const char *, const int *, const int *,
                     const int *, const void *, const void *, const int *,
                     const void *, const int *, const void *, void *,
                     const int *, size_t, size_t);

struct gemm_thread {
    pthread_t id;
    int nb;
    const struct time_precision *prec;
    double flops, seconds;
};

static void *run_gemms(void *arg)
{
    struct gemm_thread *t = arg;
    const struct time_precision *p = t->prec;
    gemm_fn *gemm = (gemm_fn *)p->gemm;
    size_t size = (size_t)t->nb * (size_t)t->nb, es = time_elem_size(p);
    char *a = malloc(3 * size * es);
    double one[2], zero[2], t0, now;
    int n = t->nb;

    if (a == NULL)
        return NULL;
    time_set_elem(p, one, 0, 1.0, 0.0);
    time_set_elem(p, zero, 0, 0.0, 0.0);
    for (size_t i = 0; i < 3 * size; i++)
        time_set_elem(p, a, i, (double)(i % 17) * 0.25 - 2.0,
                      (double)(i % 13) * 0.125 - 0.75);
    gemm("N", "N", &n, &n, &n, one, a, &n, a + size * es, &n, zero,
         a + 2 * size * es, &n, 1, 1); /* warm-up: pages, caches, clock */
    t0 = now = MPI_Wtime();
    while (now - t0 < CEILING_SECONDS) {
        gemm("N", "N", &n, &n, &n, one, a, &n, a + size * es, &n, zero,
             a + 2 * size * es, &n, 1, 1);
        t->flops += 2.0 * n * (double)n * n * time_flop_factor(p);
        now = MPI_Wtime();
    }
    t->seconds = now - t0;
    free(a);
    return NULL;
}

static double rank_gflops(int threads, int nb, const struct time_precision *p)
{
    struct gemm_thread *t = calloc((size_t)threads, sizeof *t);
    double flops = 0.0, seconds = 0.0;
    int started = 0;

    if (t == NULL)
        return 0.0;
    for (; started < threads; started++) {
        t[started].nb = nb;
        t[started].prec = p;
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

double time_ceiling_gflops(int in_grid, int threads, int nb,
                           const struct time_precision *p)
{
    double mine = 0.0, all;

    time_blas_threads(1);
    MPI_Barrier(MPI_COMM_WORLD);
    if (in_grid)
        mine = rank_gflops(threads, nb, p);
    time_idle_barrier();
    MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    time_blas_threads(threads);
    return all;
}
