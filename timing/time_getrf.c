/* P?GETRF in the timer, every precision: an M-by-N matrix of entries
 * uniform in [-0.5, 0.5) (real and imaginary parts independent; no
 * dominant diagonal, so that partial pivoting interchanges rows), MN^2 -
 * N^3/3 flops (M >= N: 2N^3/3 square; NM^2 - M^3/3 otherwise; 4x in
 * complex), and the residual ||P^T A - LU||_1 / (||A||_1 max(M,N) eps), as
 * ScaLAPACK's PDGETRRV checks it: L and U from the factor, their product by
 * the reference P?GEMM, the interchanges applied to A by the reference
 * P?LAPIV from hetscal's IPIV, so that IPIV is checked in ScaLAPACK's
 * format. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "hetscal.h"
#include "testing/tester/random.h"
#include "time_scalapack.h"

/* Both sides' entry point (no character argument): A in the case's
 * precision. */
typedef void getrf_fn HETSCAL_GETRF_ARGS(void);

#define SEED 2031

static const int one = 1;

static void lu_entry(const void *ctx, int gi, int gj, double v[2])
{
    (void)ctx;
    v[0] = tester_uniform_at(SEED, gi - 1, gj - 1);
    v[1] = tester_uniform_at(SEED + 4, gi - 1, gj - 1);
}

static double getrf_flops(int m, int n)
{
    double big = m > n ? m : n, small = m > n ? n : m;
    return big * small * small - small * small * small / 3.0;
}

/* IPIV: LOCr(M_A) + MB_A entries. */
static int getrf_setup(struct time_run *run)
{
    run->extra = malloc(((size_t)run->a.locr + (size_t)run->a.desc[T_MB])
                        * sizeof(int));
    return run->extra == NULL ? -1 : 0;
}

static void getrf_fill(struct time_run *run)
{
    time_matrix_fill(&run->a, lu_entry, NULL);
}

static int getrf_call(struct time_run *run, int ours)
{
    getrf_fn *fn = (getrf_fn *)(ours ? time_ours(run->c) : run->ref);
    int info = 0;
    fn(&run->c->m, &run->c->n, run->a.a, &one, &one, run->a.desc, run->extra,
       &info);
    return info;
}

/* L (unit diagonal) and U from the factor; A with IPIV's interchanges
 * applied, minus LU. */
static double getrf_residual(struct time_run *run)
{
    const struct time_case *c = run->c;
    struct time_matrix m[3];   /* L, U, and P A - L U */
    struct time_matrix *low = &m[0], *up = &m[1], *diff = &m[2];
    int k = c->m < c->n ? c->m : c->n, big = c->m > c->n ? c->m : c->n;
    double norm_a, resid = NAN;

    if (time_matrices_like(m, 3, &run->a) != 0)
        return resid;
    time_lacpy("L", c->m, c->n, &run->a, low);
    time_laset(low, "U", 0.0, 1.0);
    time_laset(up, "A", 0.0, 0.0);
    time_lacpy("U", c->m, c->n, &run->a, up);
    time_matrix_fill(diff, lu_entry, NULL);
    norm_a = time_norm1(diff, c->m, c->n);
    if (time_apply_pivots(diff, run->extra, k) == 0) {
        time_gemm("N", "N", c->m, c->n, k, -1.0, low, up, 1.0, diff);
        resid = time_scaled_residual(diff, c->m, c->n, norm_a, big);
    }
    time_matrices_destroy(m, 3);
    return resid;
}

const struct time_routine time_getrf = {
    "GETRF",
    TIME_FNS(getrf),
    "MN^2 - N^3/3 (M >= N)", "||P^T A - LU||_1 / (||A||_1 max(M,N) eps)",
    getrf_flops, getrf_setup, getrf_fill, getrf_call, getrf_residual, NULL
};
