/* The trailing update of one rank's local block, as three shapes of DGEMM
 * calls on the caller's array in place (column-major, leading dimension M):
 * C(M x M) -= A(M x NB) B(NB x M) done
 *   - tile by tile: an NB x NB x NB product per block, as hetscal's tasks
 *     update the caller's blocks in place today;
 *   - by column strips: an M x NB x NB product per block column (one task
 *     per local block column and step, still fine enough for lookahead);
 *   - as one M x M x NB product (ScaLAPACK's local update).
 * Prints each shape's GF/s, best of REPS, the shapes in turn so that the
 * machine's noise hits all alike; one BLAS thread unless
 * OPENBLAS_NUM_THREADS says otherwise.  Why in-place tiles are slow and
 * what coarse per-rank updates would gain (doc/PERFORMANCE.md).
 *   timing/time_update_shapes M NB [REPS]   (M a multiple of NB) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void dgemm_(const char *ta, const char *tb, const int *m, const int *n, const int *k,
            const double *alpha, const double *a, const int *lda, const double *b,
            const int *ldb, const double *beta, double *c, const int *ldc, size_t, size_t);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

enum { TILES, STRIPS, ONE_GEMM, SHAPES };

/* One whole update in the given shape; its seconds. */
static double update(int shape, int m, int nb, const double *a, const double *b, double *c)
{
    const double minus = -1, one = 1;
    double t0 = now();
    for (int j = 0; j < m && shape != ONE_GEMM; j += nb) {
        const double *bj = b + (size_t)j * nb;
        double *cj = c + (size_t)j * m;
        if (shape == STRIPS) {
            dgemm_("N", "N", &m, &nb, &nb, &minus, a, &m, bj, &nb, &one, cj, &m, 1, 1);
            continue;
        }
        for (int i = 0; i < m; i += nb)
            dgemm_("N", "N", &nb, &nb, &nb, &minus, a + i, &m, bj, &nb, &one, cj + i, &m, 1, 1);
    }
    if (shape == ONE_GEMM)
        dgemm_("N", "N", &m, &m, &nb, &minus, a, &m, b, &nb, &one, c, &m, 1, 1);
    return now() - t0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s M NB [REPS]   (M a multiple of NB)\n", argv[0]);
        return 2;
    }
    int m = atoi(argv[1]), nb = atoi(argv[2]), reps = argc > 3 ? atoi(argv[3]) : 3;
    if (m <= 0 || nb <= 0 || m % nb != 0 || reps <= 0) {
        fprintf(stderr, "%s: M and NB positive, M a multiple of NB, REPS positive\n", argv[0]);
        return 2;
    }
    double *a = malloc(sizeof(double) * (size_t)m * nb);
    double *b = malloc(sizeof(double) * (size_t)nb * m);
    double *c = malloc(sizeof(double) * (size_t)m * m);
    if (!a || !b || !c) {
        fprintf(stderr, "%s: no memory for M = %d\n", argv[0], m);
        return 1;
    }
    for (size_t i = 0; i < (size_t)m * nb; i++) {
        a[i] = 1e-3 * (double)(i % 7);
        b[i] = 1e-3 * (double)(i % 5);
    }
    for (size_t i = 0; i < (size_t)m * m; i++)
        c[i] = 1e-3 * (double)(i % 11);
    double best[SHAPES] = { 0 };
    for (int r = 0; r < reps; r++)
        for (int s = 0; s < SHAPES; s++) {
            double t = update(s, m, nb, a, b, c);
            if (r == 0 || t < best[s])
                best[s] = t;
        }
    double flops = 2.0 * m * (double)m * nb;
    printf("M=%d NB=%d GF/s (best of %d): tiles %.1f  column strips %.1f  one GEMM %.1f\n", m,
           nb, reps, flops / best[TILES] * 1e-9, flops / best[STRIPS] * 1e-9,
           flops / best[ONE_GEMM] * 1e-9);
    free(a);
    free(b);
    free(c);
    return 0;
}
