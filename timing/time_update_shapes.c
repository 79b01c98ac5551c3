/* The trailing update of one rank's local block, as three shapes of DGEMM
 * calls on the caller's array in place (column-major, leading dimension M):
 * C(M x M) -= A(M x NB) B(NB x M) done
 *   - tile by tile: an NB x NB x NB product per block, as hetscal's tasks
 *     update the caller's blocks in place today;
 *   - by column strips: an M x NB x NB product per block column (one task
 *     per local block column and step, still fine enough for lookahead);
 *   - as one M x M x NB product (ScaLAPACK's local update).
 * and P^H's QR sums P = V^H C (V the M x NB panel, P NB x M):
 *   - by column strips: V^H C_j, an NB x NB output a block column;
 *   - as P^H = C^H V over groups of 4 block columns, 3 blocks high at a
 *     time (algo/qr.c's strips of a group of columns);
 *   - as one M x NB x M product C^H V (ScaLAPACK's PDLARFB's W = C^H V).
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

enum { TILES, STRIPS, ONE_GEMM, SUM_STRIPS, SUM_GROUPS, SUM_ONE_GEMM, SHAPES };
enum { GROUP_COLUMNS = 4, GROUP_ROWS = 3 };

/* One whole QR sum in the given shape (p: M x NB, as P^H, or NB x M as
 * P); its seconds. */
static double sum(int shape, int m, int nb, const double *v, const double *c, double *p)
{
    const double one = 1, zero = 0;
    double t0 = now();
    if (shape == SUM_ONE_GEMM)
        dgemm_("T", "N", &m, &nb, &m, &one, c, &m, v, &m, &zero, p, &m, 1, 1);
    for (int j = 0; j < m && shape == SUM_STRIPS; j += nb)
        dgemm_("T", "N", &nb, &nb, &m, &one, v, &m, c + (size_t)j * m, &m, &zero,
               p + (size_t)j * nb, &nb, 1, 1);
    for (int j = 0; j < m && shape == SUM_GROUPS; j += GROUP_COLUMNS * nb) {
        int w = m - j < GROUP_COLUMNS * nb ? m - j : GROUP_COLUMNS * nb;
        for (int i = 0; i < m; i += GROUP_ROWS * nb) {
            int h = m - i < GROUP_ROWS * nb ? m - i : GROUP_ROWS * nb;
            dgemm_("T", "N", &w, &nb, &h, &one, c + i + (size_t)j * m, &m, v + i, &m,
                   i ? &one : &zero, p + j, &m, 1, 1);
        }
    }
    return now() - t0;
}

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
    double *p = malloc(sizeof(double) * (size_t)m * nb);
    if (!a || !b || !c || !p) {
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
            double t = s < SUM_STRIPS ? update(s, m, nb, a, b, c) : sum(s, m, nb, a, c, p);
            if (r == 0 || t < best[s])
                best[s] = t;
        }
    double flops = 2.0 * m * (double)m * nb;
    printf("M=%d NB=%d GF/s (best of %d): tiles %.1f  column strips %.1f  one GEMM %.1f\n", m,
           nb, reps, flops / best[TILES] * 1e-9, flops / best[STRIPS] * 1e-9,
           flops / best[ONE_GEMM] * 1e-9);
    printf("M=%d NB=%d QR's sums, GF/s: V^H A by column strips %.1f  A^H V by %d x %d blocks "
           "%.1f  A^H V as one GEMM %.1f\n",
           m, nb, flops / best[SUM_STRIPS] * 1e-9, GROUP_ROWS, GROUP_COLUMNS,
           flops / best[SUM_GROUPS] * 1e-9, flops / best[SUM_ONE_GEMM] * 1e-9);
    free(p);
    free(a);
    free(b);
    free(c);
    return 0;
}
