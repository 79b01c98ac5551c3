/* P?GEQRF in the timer, every precision: the M-by-N leading part of a
 * well-conditioned matrix (max(M,N) on the diagonal, entries uniform in
 * [-0.5, 0.5) elsewhere, the real part symmetric, the imaginary part
 * random), 2MN^2 - 2N^3/3 flops (M >= N; 2NM^2 - 2M^3/3 otherwise; 4x in
 * complex), and the residual ||A - QR||_1 / (||A||_1 max(M,N) eps), Q
 * applied to R by the reference P?ORMQR / P?UNMQR, so that hetscal's
 * reflectors and TAU are checked in ScaLAPACK's format. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "hetscal.h"
#include "testing/tester/random.h"
#include "time_scalapack.h"

/* Both sides' entry point (no character argument): A, TAU and WORK in
 * the case's precision. */
typedef void geqrf_fn HETSCAL_GEQRF_ARGS(void);

#define SEED 2024

struct qr_work {
    void *tau, *work;
    int lwork;
};

static const int one = 1;

static void qr_entry(const void *ctx, int gi, int gj, double v[2])
{
    int big = *(const int *)ctx, i = gi - 1, j = gj - 1;

    v[0] = i == j ? big
                  : i > j ? tester_uniform_at(SEED, i, j)
                          : tester_uniform_at(SEED, j, i);
    v[1] = i == j ? 0.0 : tester_uniform_at(SEED + 4, i, j);
}

static double geqrf_flops(int m, int n)
{
    double big = m > n ? m : n, small = m > n ? n : m;
    return 2.0 * big * small * small - 2.0 * small * small * small / 3.0;
}

static geqrf_fn *routine(struct time_run *run, int ours)
{
    return (geqrf_fn *)(ours ? time_ours(run->c) : run->ref);
}

/* LWORK = -1: the minimal workspace of this process (WORK(1)'s real
 * part). */
static int query(struct time_run *run, int ours)
{
    const int q = -1;
    double w[2] = { 0.0, 0.0 }, tau[2] = { 0.0, 0.0 };
    int info = 0;
    routine(run, ours)(&run->c->m, &run->c->n, run->a.a, &one, &one,
                       run->a.desc, tau, w, &q, &info);
    return info == 0 ? (int)time_real_at(run->c->prec, w, 0) : -1;
}

static int geqrf_setup(struct time_run *run)
{
    size_t size = time_elem_size(run->c->prec);
    int ours = query(run, 1), ref = query(run, 0);
    struct qr_work *w = calloc(1, sizeof *w);

    run->extra = w;
    if (w == NULL)
        return -1;
    w->lwork = ours > ref ? ours : ref;
    w->tau = malloc(((size_t)run->a.locc + 1) * size);
    w->work = malloc(((size_t)w->lwork + 1) * size);
    return ours < 0 || ref < 0 || w->tau == NULL || w->work == NULL ? -1 : 0;
}

static void geqrf_fill(struct time_run *run)
{
    int big = run->c->m > run->c->n ? run->c->m : run->c->n;
    time_matrix_fill(&run->a, qr_entry, &big);
}

static int geqrf_call(struct time_run *run, int ours)
{
    struct qr_work *w = run->extra;
    int info = 0;
    routine(run, ours)(&run->c->m, &run->c->n, run->a.a, &one, &one,
                       run->a.desc, w->tau, w->work, &w->lwork, &info);
    return info;
}

/* R from the factor, times Q, minus A. */
static double geqrf_residual(struct time_run *run)
{
    const struct time_case *c = run->c;
    struct qr_work *w = run->extra;
    struct time_matrix m[2];   /* A, and Q R - A */
    struct time_matrix *a0 = &m[0], *qr = &m[1];
    int k = c->m < c->n ? c->m : c->n, big = c->m > c->n ? c->m : c->n;
    double resid = NAN;

    if (time_matrices_like(m, 2, &run->a) != 0)
        return resid;
    time_matrix_fill(a0, qr_entry, &big);
    time_laset(qr, "A", 0.0, 0.0);
    time_lacpy("U", c->m, c->n, &run->a, qr);
    if (time_apply_q(&run->a, w->tau, k, qr) == 0) {
        time_geadd(-1.0, a0, 1.0, qr);
        resid = time_scaled_residual(qr, c->m, c->n,
                                     time_norm1(a0, c->m, c->n), big);
    }
    time_matrices_destroy(m, 2);
    return resid;
}

/* TAU and WORK (the timer frees the struct). */
static void geqrf_teardown(struct time_run *run)
{
    struct qr_work *w = run->extra;
    if (w != NULL) {
        free(w->tau);
        free(w->work);
    }
}

const struct time_routine time_geqrf = {
    "GEQRF",
    TIME_FNS(geqrf),
    "2MN^2 - 2N^3/3 (M >= N)", "||A - QR||_1 / (||A||_1 max(M,N) eps)",
    geqrf_flops, geqrf_setup, geqrf_fill, geqrf_call, geqrf_residual,
    geqrf_teardown
};
