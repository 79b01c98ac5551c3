/* Unit test of the QR kernels and of the task program that composes them
 * (src/kernels/qr_kernels.c, src/algo/qr.c), serially: the algorithm's
 * tasks run one after the other in program order on the host, on tiles of
 * one address space laid out as for a P x Q grid (so the trees, groups and
 * auxiliary sets are those of that grid).  R, V and TAU are compared with
 * LAPACK's DGEQRF on the same matrix, and ||A - QR|| / (||A|| eps M) is
 * checked from V and TAU with LAPACK's DORMQR.  The reconstruction path on
 * a one-tile panel (LAPACK's tau = 0 for a reflector on one row) is tested
 * by composing the kernels by hand, with and without its team (outside an
 * engine the team's leader runs every piece).  A plain program, no MPI.
 * Usage: t_qr_kernels [random cases [seed]]; exit status: failed checks. */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo/qr.h"
#include "device/backends.h"
#include "kernels/qr_kernels.h"
#include "util/precision.h"

void dgeqrf_(const int *m, const int *n, double *a, const int *lda, double *tau,
             double *work, const int *lwork, int *info);
void dormqr_(const char *side, const char *trans, const int *m, const int *n,
             const int *k, const double *a, const int *lda, const double *tau, double *c,
             const int *ldc, double *work, const int *lwork, int *info, size_t l1,
             size_t l2);

/* Agreement with DGEQRF, relative to the largest entry of R (V and TAU
 * are O(1)), and the residual bound. */
static const double tol_lapack = 200.0, tol_residual = 10.0;

static int failed, passed;
static double worst_lapack, worst_residual;
/* The tree kernels and one-tile host panels over a team (hs_qr's team):
 * here, outside an engine, its leader runs every piece. */
static int team_cases;
/* Cases whose panels are device columns with their trees in the devices'
 * form (hs_geometry.device_panels): here every task runs on the host, as
 * one the device could not hold would. */
static int device_tree_cases;
static hs_device *cpu;

static unsigned long rng_state = 1;

static double rnd(void)
{
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return (double)(rng_state >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

/* Tiles of one address space and a serial executor of task specs. */
typedef struct serial {
    int ntiles;
    hs_tile_home *home;
    double **data;
    int errors;
} serial;

static void serial_insert(void *ctx, const hs_task_spec *spec)
{
    serial *s = ctx;
    hs_handle h[HS_MAX_ACCESSES];
    hs_task t;

    memset(&t, 0, sizeof t);
    t.stream = HS_STREAM_COMPUTE;
    t.kernel = spec->kind->kernel[HS_PREC_D];
    t.kind = spec->kind;
    t.name = spec->kind->name;
    t.nacc = spec->nacc;
    memcpy(t.iparam, spec->iparam, sizeof t.iparam);
    for (int k = 0; k < spec->nacc; k++) {
        int id = spec->acc[k].tile;
        if (id < 0 || id >= s->ntiles || !s->data[id]) {
            printf("  task %s: access %d to missing tile %d\n", spec->kind->name, k, id);
            s->errors++;
            return;
        }
        hs_handle_wrap(&h[k], s->data[id], s->home[id].m, s->home[id].n, (int)sizeof(double));
        t.acc[k].handle = &h[k];
        t.acc[k].mode = spec->acc[k].mode;
    }
    int status = t.kernel(&t, cpu);
    if (status) {
        printf("  task %s returned %d\n", spec->kind->name, status);
        s->errors++;
    }
}

static void serial_free(serial *s)
{
    for (int t = 0; s->data && t < s->ntiles; t++)
        free(s->data[t]);
    free(s->data);
    free(s->home);
}

static int serial_init(serial *s, const hs_geometry *geo)
{
    int nranks = geo->nprow * geo->npcol;
    int *rank_of = calloc((size_t)nranks, sizeof *rank_of);   /* all on rank 0 */
    s->errors = 0;
    s->ntiles = hs_qr_tile_count(geo);
    s->home = calloc((size_t)s->ntiles, sizeof *s->home);
    s->data = calloc((size_t)s->ntiles, sizeof *s->data);
    if (!rank_of || !s->home || !s->data) {
        free(rank_of);
        return -1;
    }
    hs_qr_tile_homes(geo, rank_of, s->home);
    free(rank_of);
    for (int t = 0; t < s->ntiles; t++) {
        if (s->home[t].rank < 0)
            continue;
        s->data[t] = calloc((size_t)s->home[t].m * s->home[t].n + 1, sizeof(double));
        if (!s->data[t])
            return -1;
    }
    return 0;
}

static double *tile_entry(const serial *s, const hs_geometry *g, int i, int j)
{
    int r = i / g->H, c = 0;
    while (c + 1 < g->np && g->panel[c + 1].col0 <= j)
        c++;
    int id = hs_tile_id(g, r, c);
    return &s->data[id][(i - r * g->H) + (size_t)(j - g->panel[c].col0) * s->home[id].m];
}

static double max_abs(const double *a, int m, int n, int ld)
{
    double v = 0.0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            v = fmax(v, fabs(a[i + (size_t)j * ld]));
    return v;
}

/* Differences with DGEQRF (R, V, TAU) in units of eps, and the residual
 * ||A - Q R||_max / (||A||_max eps max(M, N)) from f's V and TAU; k
 * reflectors (fewer than min(M, N): only the first panel was factored). */
static void compare(const char *what, int m, int n, int k, const double *a0, const double *f,
                    const double *tau, const double *ref, const double *tau_ref)
{
    int info = 0, lwork = -1;
    double eps = DBL_EPSILON, rmax = max_abs(ref, m, n, m), dr = 0, dv = 0, dt = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double d = fabs(f[i + (size_t)j * m] - ref[i + (size_t)j * m]);
            if (i <= j || j >= k)
                dr = fmax(dr, d);
            else
                dv = fmax(dv, d);
        }
    for (int i = 0; i < k; i++)
        dt = fmax(dt, fabs(tau[i] - tau_ref[i]));
    dr /= (rmax > 0 ? rmax : 1.0) * eps;
    dv /= eps;
    dt /= eps;

    /* Q [R; 0] with Q from f's reflectors. */
    double *qr = calloc((size_t)m * n, sizeof *qr), query;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            if (i <= j || j >= k)
                qr[i + (size_t)j * m] = f[i + (size_t)j * m];
    dormqr_("L", "N", &m, &n, &k, f, &m, tau, qr, &m, &query, &lwork, &info, 1, 1);
    lwork = (int)query + 1;
    double *work = malloc(sizeof *work * (size_t)lwork);
    dormqr_("L", "N", &m, &n, &k, f, &m, tau, qr, &m, work, &lwork, &info, 1, 1);
    double res = 0.0;
    for (size_t i = 0; i < (size_t)m * n; i++)
        res = fmax(res, fabs(qr[i] - a0[i]));
    double anorm = max_abs(a0, m, n, m);
    res /= (anorm > 0 ? anorm : 1.0) * eps * (m > n ? m : n);
    free(work);
    free(qr);

    double worst = fmax(dr, fmax(dv, dt));
    int ok = worst <= tol_lapack && res <= tol_residual && worst == worst && res == res;
    worst_lapack = fmax(worst_lapack, worst);
    worst_residual = fmax(worst_residual, res);
    printf("%-40s R %7.1f V %7.1f TAU %7.1f eps, resid %5.2f  %s\n", what, dr, dv, dt, res,
           ok ? "PASSED" : "FAILED");
    if (ok)
        passed++;
    else
        failed++;
}

/* A random M x N matrix, better conditioned than a plain random one (a
 * multiple of [I; 0] added), so that R and V agree with LAPACK to a small
 * multiple of eps and not of the condition number. */
static double *test_matrix(int m, int n, double shift)
{
    double *a = malloc(sizeof *a * (size_t)m * n);
    for (size_t i = 0; i < (size_t)m * n; i++)
        a[i] = rnd();
    for (int i = 0; i < m && i < n; i++)
        a[i + (size_t)i * m] += shift;
    return a;
}

static void lapack_qr(int m, int n, double *a, double *tau)
{
    int info = 0, lwork = -1;
    double query;
    dgeqrf_(&m, &n, a, &m, tau, &query, &lwork, &info);
    lwork = (int)query + 1;
    double *work = malloc(sizeof *work * (size_t)lwork);
    dgeqrf_(&m, &n, a, &m, tau, work, &lwork, &info);
    free(work);
}

/* LAPACK on the first w columns only, Q^T applied to the others. */
static void lapack_one_panel(int m, int n, int w, double *a, double *tau)
{
    int info = 0, lwork = -1, nt = n - w;
    double query;
    lapack_qr(m, w, a, tau);
    if (nt == 0)
        return;
    dormqr_("L", "T", &m, &nt, &w, a, &m, tau, a + (size_t)m * w, &m, &query, &lwork,
            &info, 1, 1);
    lwork = (int)query + 1;
    double *work = malloc(sizeof *work * (size_t)lwork);
    dormqr_("L", "T", &m, &nt, &w, a, &m, tau, a + (size_t)m * w, &m, work, &lwork, &info,
            1, 1);
    free(work);
}

enum { LAYOUT_TILES, LAYOUT_ONE_ROW, LAYOUT_GATHERED };

/* The whole task program on an M x N matrix with tiles B (b-wide panels
 * when b > 0) laid out for a P x Q grid, in one tile row (LAYOUT_ONE_ROW)
 * or with square tiles and gathered panels (LAYOUT_GATHERED). */
static void run_case(int m, int n, int B, int b, int nprow, int npcol, double shift,
                     int layout)
{
    int one_row = layout == LAYOUT_ONE_ROW;
    hs_geometry geo;
    serial s = { 0 };
    char what[96];
    int k = m < n ? m : n;

    snprintf(what, sizeof what, "M %d N %d B %d b %d grid %dx%d%s%s%s%s", m, n, B, b, nprow,
             npcol, one_row ? " one row" : layout == LAYOUT_GATHERED ? " gathered" : "",
             shift == 0.0 ? " plain" : "",
             device_tree_cases ? " device tree" : "", team_cases ? " team" : "");
    int err = b > 0 ? hs_geometry_init_split(&geo, m, n, B, b, nprow, npcol)
                    : hs_geometry_init_host(&geo, m, n, B, nprow, npcol);
    if (!err && one_row)
        hs_geometry_single_tile_row(&geo);
    geo.gathered = layout == LAYOUT_GATHERED;
    geo.device_panels = device_tree_cases;
    for (int c = 0; !err && c < geo.np; c++)
        geo.panel[c].device = device_tree_cases;
    if (err || serial_init(&s, &geo)) {
        printf("%-40s out of memory  FAILED\n", what);
        failed++;
        serial_free(&s);
        return;
    }
    double *a0 = test_matrix(m, n, shift);
    double *ref = malloc(sizeof *ref * (size_t)m * n), *f = malloc(sizeof *f * (size_t)m * n);
    double *tau_ref = calloc((size_t)k, sizeof *tau_ref), *tau = calloc((size_t)k, sizeof *tau);
    memcpy(ref, a0, sizeof *ref * (size_t)m * n);
    lapack_qr(m, n, ref, tau_ref);

    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            *tile_entry(&s, &geo, i, j) = a0[i + (size_t)j * m];
    hs_qr qr = { .geo = &geo, .insert = serial_insert, .ctx = &s, .team = team_cases };
    hs_qr_generate(&qr);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            f[i + (size_t)j * m] = *tile_entry(&s, &geo, i, j);
    for (int c = 0; c < geo.np; c++) {
        int id = hs_qr_tau_tile(&geo, c), kk = hs_qr_reflectors(&geo, c);
        for (int i = 0; id >= 0 && i < kk; i++)
            tau[geo.panel[c].col0 + i] = s.data[id][i];
    }
    if (s.errors) {
        printf("%-40s %d task errors  FAILED\n", what, s.errors);
        failed++;
    } else {
        compare(what, m, n, k, a0, f, tau, ref, tau_ref);
    }
    free(a0);
    free(ref);
    free(f);
    free(tau_ref);
    free(tau);
    serial_free(&s);
    hs_geometry_free(&geo);
}

/* One task by hand: accesses given as (data, m, n) triples. */
static int run_kernel(hs_kernel kernel, int nacc, double **data, const int *mm,
                      const int *nn, const int *iparam, int niparam)
{
    hs_handle h[HS_MAX_ACCESSES];
    hs_task t;
    memset(&t, 0, sizeof t);
    t.stream = HS_STREAM_COMPUTE;
    t.nacc = nacc;
    for (int k = 0; k < nacc; k++) {
        hs_handle_wrap(&h[k], data[k], mm[k], nn[k], (int)sizeof(double));
        t.acc[k].handle = &h[k];
        t.acc[k].mode = HS_RW;
    }
    memcpy(t.iparam, iparam, sizeof(int) * (size_t)niparam);
    return kernel(&t, cpu);
}

/* The TSQR path on a panel of one tile (m x w, m >= w) followed by nt
 * trailing columns: leaf, explicit Q (the tree's Q = I), reconstruction,
 * then the trailing update.  m == w is the tau = 0 case. */
static void run_reconstruct_one_tile(int m, int w, int nt, int team)
{
    char what[96];
    int n = w + nt, ld1 = w + (w < HS_QR_IB ? w : HS_QR_IB), status = 0;
    snprintf(what, sizeof what, "reconstruct M %d w %d trailing %d%s", m, w, nt,
             team ? " team" : "");
    double *a0 = test_matrix(m, n, 0.0);
    double *ref = malloc(sizeof *ref * (size_t)m * n), *f = malloc(sizeof *f * (size_t)m * n);
    double *tau_ref = calloc((size_t)w, sizeof *tau_ref);
    memcpy(ref, a0, sizeof *ref * (size_t)m * n);
    lapack_one_panel(m, n, w, ref, tau_ref);

    double *pan = calloc((size_t)m * w + 1, sizeof *pan);
    double *trail = calloc((size_t)m * (nt > 0 ? nt : 1) + 1, sizeof *trail);
    double *rt = calloc((size_t)ld1 * w + 1, sizeof *rt), *vtq = calloc((size_t)ld1 * w + 1, sizeof *vtq);
    double *v1 = calloc((size_t)w * w + 1, sizeof *v1), *u = calloc((size_t)w * w + 1, sizeof *u);
    double *tt = calloc((size_t)w * w + 1, sizeof *tt), *tau = calloc((size_t)w + 1, sizeof *tau);
    double *p = calloc((size_t)w * (nt > 0 ? nt : 1) + 1, sizeof *p);
    memcpy(pan, a0, sizeof *pan * (size_t)m * w);
    memcpy(trail, a0 + (size_t)m * w, sizeof *trail * (size_t)m * nt);
    for (int i = 0; i < w; i++)
        vtq[i + (size_t)i * ld1] = 1.0;

    {
        double *d[] = { pan, rt };
        int mm[] = { m, ld1 }, nn[] = { w, w }, ip[] = { 0, w };
        status |= run_kernel(hs_kind_qr_leaf.kernel[HS_PREC_D], 2, d, mm, nn, ip, 2);
    }
    {
        double *d[] = { pan, rt, vtq };
        int mm[] = { m, ld1, ld1 }, nn[] = { w, w, w }, ip[] = { 0, w };
        status |= run_kernel(hs_kind_qr_leaf_q.kernel[HS_PREC_D], 3, d, mm, nn, ip, 2);
    }
    {
        double *d[] = { pan, rt, v1, u, tt, tau };
        int mm[] = { m, ld1, w, w, w, 1 }, nn[] = { w, w, w, w, w, w };
        int ip[] = { 0, w, m == w, team };
        status |= run_kernel(hs_kind_qr_reconstruct.kernel[HS_PREC_D], 6, d, mm, nn, ip, 4);
    }
    if (nt > 0) {
        double *d1[] = { p, pan, trail, v1 };
        int mm1[] = { w, m, m, w }, nn1[] = { nt, w, nt, w }, ip1[] = { 0, w, 1, 1 };
        status |= run_kernel(hs_kind_qr_vta.kernel[HS_PREC_D], 4, d1, mm1, nn1, ip1, 4);
        double *d2[] = { p, tt };   /* W = T^T P in place */
        int mm2[] = { w, w }, nn2[] = { nt, w }, ip2[] = { w, nt, 0 };
        status |= run_kernel(hs_kind_qr_ttp.kernel[HS_PREC_D], 2, d2, mm2, nn2, ip2, 3);
        double *d3[] = { trail, pan, p, v1 };
        int mm3[] = { m, m, w, w }, nn3[] = { nt, w, nt, w }, ip3[] = { 0, w, 1 };
        status |= run_kernel(hs_kind_qr_update.kernel[HS_PREC_D], 4, d3, mm3, nn3, ip3, 3);
    }
    memcpy(f, pan, sizeof *f * (size_t)m * w);
    memcpy(f + (size_t)m * w, trail, sizeof *f * (size_t)m * nt);
    if (status) {
        printf("%-40s kernel status %d  FAILED\n", what, status);
        failed++;
    } else {
        if (m == w && tau[w - 1] != 0.0) {
            printf("%-40s last tau %g, not LAPACK's 0  FAILED\n", what, tau[w - 1]);
            failed++;
        }
        compare(what, m, n, w, a0, f, tau, ref, tau_ref);
    }
    free(a0);
    free(ref);
    free(f);
    free(tau_ref);
    free(pan);
    free(trail);
    free(rt);
    free(vtq);
    free(v1);
    free(u);
    free(tt);
    free(tau);
    free(p);
}

int main(int argc, char **argv)
{
    int ncases = argc > 1 ? atoi(argv[1]) : 40;
    rng_state = argc > 2 ? strtoul(argv[2], NULL, 10) : 1;
    cpu = hs_cpu_device_open();
    if (!cpu) {
        printf("no cpu device\n");
        return 1;
    }

    /* Fixed cases: square, tall, wide, tiles that do not divide M or N,
     * one row, one column, one tile, short last tile rows, two-level
     * tiles, several process rows/columns. */
    static const int fixed[][7] = {
        /* M, N, B, b, P, Q, plain */
        { 1, 1, 4, 0, 1, 1, 0 },     { 1, 7, 3, 0, 1, 1, 0 },     { 7, 1, 3, 0, 1, 1, 0 },
        { 1, 9, 4, 0, 2, 2, 0 },     { 9, 1, 2, 0, 2, 2, 0 },     { 8, 8, 8, 0, 1, 1, 0 },
        { 40, 40, 8, 0, 1, 1, 0 },   { 37, 29, 8, 0, 1, 1, 0 },   { 29, 37, 8, 0, 1, 1, 0 },
        { 100, 30, 7, 0, 2, 3, 0 },  { 30, 100, 7, 0, 3, 2, 0 },  { 61, 61, 9, 0, 4, 1, 0 },
        { 64, 64, 16, 0, 2, 2, 0 },  { 65, 64, 16, 0, 2, 2, 0 },  { 64, 65, 16, 0, 2, 2, 0 },
        { 17, 16, 16, 0, 1, 1, 0 },  { 33, 20, 16, 0, 3, 1, 0 },  { 21, 40, 10, 0, 2, 2, 0 },
        { 20, 21, 10, 0, 2, 2, 0 },  { 300, 40, 13, 0, 5, 1, 0 }, { 57, 57, 16, 5, 2, 2, 0 },
        { 80, 45, 24, 8, 3, 2, 0 },  { 45, 80, 24, 8, 2, 3, 0 },  { 50, 50, 12, 0, 2, 2, 1 },
        { 120, 50, 11, 0, 6, 2, 1 }, { 100, 100, 10, 3, 7, 3, 0 },
        /* panels wider than the LAPACK kernels' inner block */
        { 300, 200, 70, 0, 2, 1, 0 }, { 150, 150, 40, 0, 1, 1, 0 },
        { 200, 230, 64, 0, 2, 2, 0 }, { 230, 190, 96, 45, 3, 2, 0 },
        { 241, 100, 33, 0, 1, 1, 1 },
        /* one tile row, tall panels: T from the Gram matrix (DGEQRT with
         * several inner blocks), and DLARFT once the panels get short */
        { 300, 120, 300, 40, 1, 1, 0 }, { 500, 230, 500, 70, 1, 1, 0 },
    };
    for (size_t c = 0; c < sizeof fixed / sizeof *fixed; c++) {
        const int *x = fixed[c];
        run_case(x[0], x[1], x[2], x[3], x[4], x[5],
                 x[6] ? 0.0 : 2.0 * sqrt(x[0] > x[1] ? x[0] : x[1]), LAYOUT_TILES);
    }
    /* One tile row on a 1 x Q grid (each panel one tile, the columns
     * cyclic over Q): square, tall, wide (panels right of the last row),
     * ragged last columns, two-level columns. */
    static const int one_row[][6] = {
        /* M, N, B, b, Q, plain */
        { 40, 40, 8, 0, 2, 0 },    { 37, 29, 8, 0, 3, 0 },   { 29, 37, 8, 0, 2, 0 },
        { 100, 30, 7, 0, 3, 0 },   { 30, 100, 7, 0, 2, 1 },  { 1, 9, 4, 0, 2, 0 },
        { 9, 1, 2, 0, 2, 0 },      { 57, 57, 16, 5, 2, 0 },  { 45, 80, 24, 8, 3, 0 },
        { 300, 200, 70, 0, 2, 0 }, { 230, 190, 96, 45, 2, 0 },
    };
    for (size_t c = 0; c < sizeof one_row / sizeof *one_row; c++) {
        const int *x = one_row[c];
        run_case(x[0], x[1], x[2], x[3], 1, x[4],
                 x[5] ? 0.0 : 2.0 * sqrt(x[0] > x[1] ? x[0] : x[1]), LAYOUT_ONE_ROW);
    }
    /* Square tiles on P x Q with each panel gathered into a buffer and
     * factored whole: square, tall, wide, ragged last tiles, several
     * panels per buffer (lcm(P, Q) of them), panels wider than the
     * kernels' inner block. */
    static const int gathered[][6] = {
        /* M, N, B, P, Q, plain */
        { 64, 64, 16, 2, 2, 0 },   { 65, 64, 16, 2, 2, 0 },  { 64, 65, 16, 2, 2, 0 },
        { 100, 30, 7, 3, 2, 0 },   { 30, 100, 7, 2, 3, 0 },  { 61, 61, 9, 4, 1, 0 },
        { 21, 40, 10, 2, 2, 1 },   { 20, 21, 10, 2, 2, 0 },  { 120, 50, 11, 6, 2, 1 },
        { 300, 200, 70, 2, 1, 0 }, { 230, 190, 40, 3, 2, 0 }, { 9, 1, 2, 2, 1, 0 },
    };
    for (size_t c = 0; c < sizeof gathered / sizeof *gathered; c++) {
        const int *x = gathered[c];
        run_case(x[0], x[1], x[2], 0, x[3], x[4],
                 x[5] ? 0.0 : 2.0 * sqrt(x[0] > x[1] ? x[0] : x[1]), LAYOUT_GATHERED);
    }
    /* TSQR trees of panels wider than one piece of the tree kernels'
     * team (hs_qr_tree_team_pieces: 2, 3 and 4 pieces, a last one of
     * one column), and the one-tile host panels' team. */
    static const int team[][7] = {
        /* M, N, B, b, P, Q, plain */
        { 300, 200, 70, 0, 2, 1, 0 },  { 400, 300, 130, 0, 2, 1, 0 },
        { 390, 260, 129, 0, 3, 2, 0 }, { 520, 400, 200, 0, 2, 2, 1 },
        { 700, 200, 200, 0, 1, 1, 0 },
    };
    team_cases = 1;
    for (size_t c = 0; c < sizeof team / sizeof *team; c++) {
        const int *x = team[c];
        run_case(x[0], x[1], x[2], x[3], x[4], x[5],
                 x[6] ? 0.0 : 2.0 * sqrt(x[0] > x[1] ? x[0] : x[1]), LAYOUT_TILES);
    }
    /* The devices' form of the tree (its down steps here on the host),
     * with and without teams: several process rows, ragged tiles, two
     * levels, pieces of the team. */
    for (team_cases = 0; team_cases < 2; team_cases++) {
        device_tree_cases = 1;
        run_case(100, 30, 7, 0, 2, 3, 2.0 * sqrt(100.0), LAYOUT_TILES);
        run_case(300, 40, 13, 0, 5, 1, 2.0 * sqrt(300.0), LAYOUT_TILES);
        run_case(80, 45, 24, 8, 3, 2, 2.0 * sqrt(80.0), LAYOUT_TILES);
        run_case(390, 260, 129, 0, 3, 2, 2.0 * sqrt(390.0), LAYOUT_TILES);
        run_case(120, 50, 11, 0, 6, 2, 0.0, LAYOUT_TILES);
        device_tree_cases = 0;
    }
    team_cases = 0;
    for (int c = 0; c < ncases; c++) {
        int m = 1 + (int)((rnd() + 1.0) * 60), n = 1 + (int)((rnd() + 1.0) * 60);
        int B = 1 + (int)((rnd() + 1.0) * 8), b = rnd() > 0.3 ? 0 : 1 + (int)((rnd() + 1.0) * B / 2);
        int p = 1 + (int)((rnd() + 1.0) * 2.5), q = 1 + (int)((rnd() + 1.0) * 2.5);
        if (b >= B)
            b = 0;
        int layout = p == 1 && rnd() > 0.0 ? LAYOUT_ONE_ROW
                     : p > 1 && b == 0 && rnd() > 0.0 ? LAYOUT_GATHERED : LAYOUT_TILES;
        run_case(m, n, B, b, p, q, 2.0 * sqrt(m > n ? m : n), layout);
    }
    for (int on_team = 0; on_team < 2; on_team++) {
        run_reconstruct_one_tile(1, 1, 0, on_team);
        run_reconstruct_one_tile(1, 1, 3, on_team);
        run_reconstruct_one_tile(6, 6, 0, on_team);
        run_reconstruct_one_tile(6, 6, 5, on_team);
        run_reconstruct_one_tile(20, 6, 7, on_team);
        run_reconstruct_one_tile(9, 4, 0, on_team);
        run_reconstruct_one_tile(40, 40, 9, on_team);
        run_reconstruct_one_tile(100, 45, 20, on_team);
        /* over a team: the rows below the top block in 2 and 4 pieces
         * (the last one short) with the LU in one block; the LU in 3
         * blocks (the last one short) with and without rows below; m ==
         * w (tau = 0) */
        run_reconstruct_one_tile(45 + 2 * HS_QR_RECON_TEAM_ROWS, 45, 20, on_team);
        run_reconstruct_one_tile(30 + 3 * HS_QR_RECON_TEAM_ROWS + 17, 30, 5, on_team);
        run_reconstruct_one_tile(300, 2 * HS_QR_RECON_TEAM_NB + 22, 10, on_team);
        run_reconstruct_one_tile(200, 200, 5, on_team);
        run_reconstruct_one_tile(2 * HS_QR_RECON_TEAM_NB, 2 * HS_QR_RECON_TEAM_NB, 0, on_team);
    }

    printf("worst difference with DGEQRF %.1f eps (bound %.0f), worst residual %.2f "
           "(bound %.0f)\n", worst_lapack, tol_lapack, worst_residual, tol_residual);
    printf("%d checks passed, %d failed\n", passed, failed);
    cpu->ops->close(cpu);
    return failed;
}
