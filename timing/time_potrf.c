/* P?POTRF in the timer, every precision: a Hermitian (real: symmetric)
 * positive definite matrix with N on the diagonal and entries uniform in
 * [-0.5, 0.5) elsewhere (the imaginary part of opposite signs across the
 * diagonal), a poison in the triangle not handed over; N^3/3 flops (4x in
 * complex); the residual ||A - LL^H||_1 / (||A||_1 N eps), the product by
 * the reference P?GEMM, eps the precision's. */
#include "config.h"

#include <math.h>

#include "hetscal.h"
#include "testing/tester/random.h"
#include "time_scalapack.h"

/* hetscal.h's P?POTRF, any precision (A passed as it is), and the
 * reference's, which takes UPLO's hidden length. */
typedef void het_potrf_fn HETSCAL_POTRF_ARGS(void);
typedef void ref_potrf_fn(const char *, const int *, void *, const int *,
                          const int *, const int *, int *, size_t);

#define SEED 2024

/* What an entry depends on: the order, the triangle handed over (or
 * none: both triangles, for the residual). */
struct hpd {
    int n;
    char uplo;
    int full;
};

static void hpd_entry(const void *ctx, int gi, int gj, double v[2])
{
    const struct hpd *h = ctx;
    int i = gi - 1, j = gj - 1, lo = i > j ? j : i, hi = i > j ? i : j;

    if (i == j) {
        v[0] = h->n;
    } else if (h->full || (h->uplo == 'L') == (i > j)) {
        v[0] = tester_uniform_at(SEED, hi, lo);
        v[1] = (i > j ? 1.0 : -1.0) * tester_uniform_at(SEED + 3, hi, lo);
    } else {
        v[0] = 5000.0 + tester_uniform_at(SEED + 2, i, j); /* poison */
        v[1] = 5000.0;
    }
}

static double potrf_flops(int m, int n)
{
    (void)m;
    return (double)n * n * n / 3.0;
}

static void potrf_fill(struct time_run *run)
{
    struct hpd h = { run->c->n, run->c->uplo, 0 };
    time_matrix_fill(&run->a, hpd_entry, &h);
}

static int potrf_call(struct time_run *run, int ours)
{
    const int one = 1;
    int info = 0;
    if (ours)
        ((het_potrf_fn *)time_ours(run->c))(&run->c->uplo, &run->c->n,
                                            run->a.a, &one, &one,
                                            run->a.desc, &info);
    else
        ((ref_potrf_fn *)run->ref)(&run->c->uplo, &run->c->n, run->a.a, &one,
                                   &one, run->a.desc, &info, 1);
    return info;
}

/* ||A - T T^H||_1 / (||A||_1 N eps): T the factor's triangle (L, or U^H
 * for 'U'), zero elsewhere. */
static double potrf_residual(struct time_run *run)
{
    const struct time_case *c = run->c;
    struct hpd full = { c->n, c->uplo, 1 };
    struct time_matrix m[2];   /* T, and A - T T^H */
    struct time_matrix *tri = &m[0], *diff = &m[1];
    double norm_a, resid;
    int lower = c->uplo == 'L';

    if (time_matrices_like(m, 2, &run->a) != 0)
        return NAN;
    time_laset(tri, "A", 0.0, 0.0);
    time_lacpy(lower ? "L" : "U", c->n, c->n, &run->a, tri);
    time_matrix_fill(diff, hpd_entry, &full);
    norm_a = time_norm1(diff, c->n, c->n);
    time_gemm(lower ? "N" : "C", lower ? "C" : "N", c->n, c->n, c->n, -1.0,
              tri, tri, 1.0, diff);
    resid = time_scaled_residual(diff, c->n, c->n, norm_a, c->n);
    time_matrices_destroy(m, 2);
    return resid;
}

const struct time_routine time_potrf = {
    "POTRF",
    TIME_FNS(potrf),
    "N^3/3", "||A - LL^H||_1 / (||A||_1 N eps)", potrf_flops, NULL,
    potrf_fill, potrf_call, potrf_residual, NULL
};
