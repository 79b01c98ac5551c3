/* hs_kernel_work (src/kernels/kernel_work.c) on whole task programs: the
 * Cholesky, QR and LU generators run through the runtime on one rank (the
 * tiles of any grid shape all on it), every task they insert is seen
 * (hs_dist_observe) and, once the run is over, costed with its tiles'
 * shapes, data and iparam.  Checks, in D and Z:
 *   - every task name is known and its work well formed;
 *   - Cholesky: the flops add up to LAPACK Working Note 41's DPOTRF count
 *     n^3/3 + n^2/2 + n/6 (the tile kernels do exactly its operations);
 *   - LU: to DGETRF's count m n^2 - n^3/3 - n^2/2 + 5n/6 (m >= n, exact);
 *     a wide matrix within 1% of n m^2 - m^3/3; lu_swap_left's bytes to
 *     4 kk w esize per panel and column left of it; lu_column without
 *     pivot data fails, and with (off, kk) in iparam gives the same work;
 *   - QR (m >= n): at least DGEQRF's 2mn^2 - 2n^3/3 + mn + n^2 + 14n/3,
 *     and at most QR_EXTRA m n b more (b: the panel width).  The extra is
 *     what the code really does beyond LAPACK's count: per panel of M rows
 *     and width w, TSQR's local QRs, tree, explicit Q, reconstruction and
 *     V = Q U^-1 take ~7 M w^2 (square tiles: ~9 M w^2 with the tree)
 *     against LAPACK's 2 M w^2, and the T factors, the explicit unit
 *     triangle V1 and T^H P in the update ~8 w^2 per trailing column:
 *     about 7.5 m n b in all on square tiles (m = n), less on b-wide
 *     panels of taller tiles, ~2 m n b in one tile row or with gathered
 *     panels;
 *   - the 2-D LU (algo/lu_grid.h): to the same count;
 *   - Z = 4 D exactly;
 *   - the runtime's fill, write_back, copy, send and recv tasks;
 *   - QR's sums over a group of columns in GEMM_SUM, by their width.
 * The exit status is the number of failed checks.  Usage: t_kernel_work
 * (one MPI rank). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "algo/cholesky.h"
#include "algo/lu.h"
#include "algo/lu_grid.h"
#include "algo/qr.h"
#include "kernels/cholesky_kernels.h"
#include "kernels/kernel_work.h"
#include "kernels/lu_kernels.h"
#include "kernels/lu_grid_kernels.h"
#include "kernels/qr_kernels.h"
#include "runtime/session.h"
#include "util/precision.h"

#define QR_EXTRA 10.0

enum { ALG_CHOLESKY, ALG_QR, ALG_LU, ALG_LU_GRID };
static const char *const alg_name[] = { "cholesky", "qr", "lu", "lu_grid" };

typedef struct test_case {
    int alg, m, n, B, b;    /* b > 0: b-wide panels of B-wide columns */
    int nprow, npcol, one_row;   /* 1: a single tile row; 2: QR's gathered
                                    panels on square tiles */
} test_case;

static int failed;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("  %s  FAILED\n", what);
        failed++;
    }
}

/* Every task the algorithm inserts, in order. */
typedef struct recorder {
    hs_task_spec *spec;
    int count, room;
} recorder;

static void record(void *arg, int event, const hs_task_spec *spec, int tile)
{
    (void)tile;
    recorder *r = arg;
    if (event != HS_DIST_INSERT)
        return;
    if (r->count == r->room) {
        r->room = r->room ? 2 * r->room : 1024;
        r->spec = realloc(r->spec, sizeof *r->spec * (size_t)r->room);
        if (!r->spec)
            abort();
    }
    r->spec[r->count++] = *spec;
}

/* LAPACK Working Note 41's counts. */
static double lawn_potrf(double n)
{
    return n * n * n / 3 + n * n / 2 + n / 6;
}

static double lawn_getrf(double m, double n)
{
    return m * n * n - n * n * n / 3 - n * n / 2 + 5 * n / 6;
}

static double lawn_geqrf(double m, double n)
{
    return 2 * m * n * n - 2 * n * n * n / 3 + m * n + n * n + 14 * n / 3;
}

/* Per task kind: count, flops, and the class of its first task. */
typedef struct name_sum {
    const hs_task_kind *kind;
    long count;
    double flops, bytes;
    int cls;
} name_sum;

enum { MAX_NAMES = 24 };

static name_sum *sum_of(name_sum *sums, int *nsums, const hs_task_kind *kind, int cls)
{
    for (int i = 0; i < *nsums; i++)
        if (sums[i].kind == kind)
            return &sums[i];
    if (*nsums == MAX_NAMES)
        abort();
    sums[*nsums] = (name_sum){ .kind = kind, .cls = cls };
    return &sums[(*nsums)++];
}

static void fill_matrix(const hs_geometry *g, hs_dist *dist, int prec)
{
    size_t esize = hs_prec_bytes(prec);
    for (int c = 0; c < g->np; c++)
        for (int r = 0; r < g->mt; r++) {
            char *t = hs_dist_tile_data(dist, hs_tile_id(g, r, c));
            int h = hs_tile_height(g, r);
            for (int j = 0; t && j < g->panel[c].width; j++)
                for (int i = 0; i < h; i++) {
                    int gi = r * g->H + i, gj = g->panel[c].col0 + j;
                    double v = gi == gj ? g->n_rows + g->n_cols : 1.0 / (1.0 + gi + gj);
                    hs_prec_store_real(prec, t + ((size_t)j * h + i) * esize, v);
                }
        }
}

/* The LU checks of one lu_column task beyond its work: the algorithm's
 * kk is the panel's pivot count (its pivot tile's width, or the rows left
 * from off); without pivot data (a simulated run) its arguments give the same
 * work, and without either the task cannot be costed. */
static void check_lu_column_paths(hs_task *t, int prec, const hs_work *with_data)
{
    hs_handle bare = *t->acc[2].handle;
    hs_handle *real = t->acc[2].handle;
    hs_lu_column_args args = hs_lu_column_args_of(t);
    int off = args.off, kk = args.kk;
    hs_work w;

    check(kk == hs_lu_pivots(t->acc[0].handle->m, off, real->m - HS_LU_PIV_HEAD),
          "lu_column's kk is its panel's pivot count");
    bare.data = NULL;
    t->acc[2].handle = &bare;
    check(hs_kernel_work(t, prec, &w) == 0 && w.flops == with_data->flops &&
              w.cls == with_data->cls && w.size == with_data->size,
          "lu_column without pivot data costs from its kk what its pivot tile says");
    hs_lu_column_args_put(t->iparam, (hs_lu_column_args){ 0 });
    check(hs_kernel_work(t, prec, &w) == -1 && w.flops == 0 && w.cls == HS_WORK_GEMM,
          "lu_column without pivot data or kk is refused (a zero GEMM)");
    t->acc[2].handle = real;
    hs_lu_column_args_put(t->iparam, args);
}

/* QR's tree and reconstruction kernels have classes of their own, each
 * with the nearest class as its fallback (util/work_class.h); the
 * class of any other task is not checked here (-1). */
static int qr_kernel_class(const hs_task_kind *kind)
{
    static const struct { const hs_task_kind *kind; int cls; } qr[] = {
        { &hs_kind_qr_tree_up, HS_WORK_TPQRT }, { &hs_kind_qr_tree_down, HS_WORK_TPMQRT },
        { &hs_kind_qr_leaf_q, HS_WORK_GEMQRT }, { &hs_kind_qr_reconstruct, HS_WORK_ORHR },
    };
    for (size_t k = 0; k < sizeof qr / sizeof qr[0]; k++)
        if (kind == qr[k].kind)
            return qr[k].cls;
    return -1;
}

static void check_fallbacks(void)
{
    check(hs_work_fallback(HS_WORK_TPQRT) == HS_WORK_GEQRF &&
              hs_work_fallback(HS_WORK_TPMQRT) == HS_WORK_GEMM &&
              hs_work_fallback(HS_WORK_GEMQRT) == HS_WORK_GEMM &&
              hs_work_fallback(HS_WORK_ORHR) == HS_WORK_TRSM &&
              hs_work_fallback(HS_WORK_LARFT) == HS_WORK_SYRK,
          "QR kernel classes fall back to GEQRF, GEMM, GEMM, TRSM, SYRK");
    check(hs_work_fallback(HS_WORK_GETRF_TEAM) == HS_WORK_GETRF
              && hs_work_fallback(HS_WORK_POTRF_TEAM) == HS_WORK_POTRF
              && hs_work_fallback(HS_WORK_GEQRF_TEAM) == HS_WORK_GEQRF,
          "the team kernels fall back to GETRF, POTRF and GEQRF");
    check(hs_work_fallback(HS_WORK_GEMM_SUM) == HS_WORK_GEMM, "QR's sums fall back to GEMM");
    check(hs_work_fallback(HS_WORK_LU_SPREAD) == HS_WORK_GETRF,
          "the spread LU panel falls back to GETRF");
    for (int c = 0; c < HS_NWORK; c++)
        if ((c < HS_WORK_TPQRT || c > HS_WORK_LARFT) && c != HS_WORK_GETRF_TEAM
            && c != HS_WORK_POTRF_TEAM && c != HS_WORK_GEQRF_TEAM && c != HS_WORK_GEMM_SUM
            && c != HS_WORK_LU_SPREAD)
            check(hs_work_fallback(c) == c, "the other classes are their own fallback");
    printf("class fallbacks checked\n");
}

/* QR's sums over a group of columns are GEMM_SUM's, rated by the group's
 * width (P^H's rows as the kernel calls it), the updates GEMM's (by
 * their work's cube root): a
 * qr_vta_strip of 2 tile rows over 2 columns of 128 x 96 tiles (a
 * 96-wide panel), a qr_update_strip of the same, and a one-row panel's
 * qr_column over both columns (its sum's share GEMM_SUM's, the task's
 * main class GEMM, the update's size its own half's cube root). */
static void check_sum_class(void)
{
    enum { B = 128, W = 96, KK = 96 };
    hs_handle h[8];
    hs_task t;
    hs_work w;
    for (int k = 0; k < 8; k++)
        hs_handle_wrap(&h[k], NULL, k == 0 ? 2 * W : B, k == 0 ? KK : W, 8);
    for (int update = 0; update < 2; update++) {
        memset(&t, 0, sizeof t);
        t.kind = update ? &hs_kind_qr_update_strip : &hs_kind_qr_vta_strip;
        /* vta: P, 4 trailing tiles, 2 panel tiles, V1; update: 4 trailing
         * tiles, 2 panel tiles, W^H (P's shape), V1 */
        t.nacc = 8;
        for (int k = 0; k < 8; k++) {
            int from = !update ? k : k < 6 ? k + 1 : k == 6 ? 0 : 7;
            t.acc[k] = (hs_access){ .handle = &h[from], .mode = HS_R };
        }
        hs_qr_strip_args_put(t.iparam, (hs_qr_strip_args){ .kk = KK, .first = 1, .tiles = 2,
                                                            .cols = 2 });
        int rc = hs_kernel_work(&t, HS_PREC_D, &w);
        double flops = hs_flops_gemm(KK, 2 * W, 2 * B);
        int cube = hs_work_gemm_size(flops);
        check(rc == 0 && w.cls == (update ? HS_WORK_GEMM : HS_WORK_GEMM_SUM)
                  && w.size == (update ? cube : 2 * W) && w.flops == flops,
              update ? "qr_update_strip: GEMM at its cube root's size"
                     : "qr_vta_strip: GEMM_SUM at the columns' width");
    }
    memset(&t, 0, sizeof t);
    t.kind = &hs_kind_qr_column;
    t.nacc = 6;
    for (int k = 0; k < 6; k++)
        t.acc[k] = (hs_access){ .handle = &h[1 + k % 7], .mode = HS_RW };
    hs_qr_column_args_put(t.iparam, (hs_qr_column_args){ .kk = KK, .cols = 2 });
    int rc = hs_kernel_work(&t, HS_PREC_D, &w);
    double sum = hs_flops_gemm(KK, 2 * W, KK) + hs_flops_gemm(B - KK, 2 * W, KK);
    check(rc == 0 && w.cls == HS_WORK_GEMM && w.part_flops[HS_WORK_GEMM_SUM] == sum
              && w.part_flops[HS_WORK_GEMM] == sum && w.part_size[HS_WORK_GEMM_SUM] == 2 * W
              && w.part_size[HS_WORK_GEMM] == hs_work_gemm_size(sum),
          "qr_column over 2 columns: its sum GEMM_SUM's at their width, its update a GEMM");
    printf("QR's sum class checked\n");
}

/* Runs one case in precision prec; returns its total flops. */
static double run_case(const test_case *c, int prec)
{
    hs_geometry g;
    int err, ntiles, nranks = c->nprow * c->npcol;
    int esize = (int)hs_prec_bytes(prec);
    char what[128];

    snprintf(what, sizeof what, "%-8s %c M %d N %d B %d b %d grid %dx%d%s", alg_name[c->alg],
             hs_prec_letter(prec), c->m, c->n, c->B, c->b, c->nprow, c->npcol,
             c->one_row == 1 ? " one row" : c->one_row == 2 ? " gathered" : "");
    if (c->b > 0)
        err = hs_geometry_init_split(&g, c->m, c->n, c->B, c->b, c->nprow, c->npcol);
    else
        err = hs_geometry_init_host(&g, c->m, c->n, c->B, c->nprow, c->npcol);
    if (err) {
        printf("%s: no geometry  FAILED\n", what);
        failed++;
        return 0;
    }
    if (c->one_row == 1)
        hs_geometry_single_tile_row(&g);
    g.gathered = c->one_row == 2;
    ntiles = c->alg == ALG_CHOLESKY ? hs_cholesky_tile_count(&g)
             : c->alg == ALG_QR     ? hs_qr_tile_count(&g)
             : c->alg == ALG_LU     ? hs_lu_tile_count(&g)
                                    : hs_lu_grid_tile_count(&g);
    int *rank_of = calloc((size_t)nranks, sizeof *rank_of);   /* all rank 0 */
    hs_tile_home *home = calloc((size_t)ntiles, sizeof *home);
    hs_handle *h = calloc((size_t)ntiles, sizeof *h);
    if (!rank_of || !home || !h)
        abort();
    if (c->alg == ALG_CHOLESKY)
        hs_cholesky_tile_homes(&g, rank_of, home);
    else if (c->alg == ALG_QR)
        hs_qr_tile_homes(&g, rank_of, home);
    else if (c->alg == ALG_LU)
        hs_lu_tile_homes(&g, rank_of, home);
    else
        hs_lu_grid_tile_homes(&g, rank_of, home);

    hs_dist *dist;
    if (hs_dist_create(&dist, MPI_COMM_WORLD, ntiles, home, prec) != 0)
        abort();
    fill_matrix(&g, dist, prec);
    recorder rec = { 0 };
    hs_dist_observe(dist, record, &rec);

    hs_cholesky ch = { .geo = &g, .dist = dist };
    hs_qr qr = { .geo = &g, .dist = dist };
    hs_lu lu = { .geo = &g, .dist = dist };
    void (*generate)(void *) = c->alg == ALG_CHOLESKY ? hs_cholesky_generate
                               : c->alg == ALG_QR     ? hs_qr_generate
                               : c->alg == ALG_LU     ? hs_lu_generate
                                                      : hs_lu_grid_generate;
    void *arg = c->alg == ALG_CHOLESKY ? (void *)&ch : c->alg == ALG_QR ? (void *)&qr : (void *)&lu;
    hs_engine_limits limits = { .workers = 1, .window = 64, .copy_budget = 1e9 };
    hs_engine_stats st;
    err = hs_session_run(MPI_COMM_WORLD, &limits, generate, arg, &st);
    printf("%s: %d tasks\n", what, rec.count);
    check(err == 0 && hs_dist_local_status(dist) == 0, "the factorization ran");

    for (int t = 0; t < ntiles; t++)
        if (home[t].rank >= 0)
            hs_handle_wrap(&h[t], hs_dist_tile_data(dist, t), home[t].m, home[t].n, esize);

    name_sum sums[MAX_NAMES];
    int nsums = 0, unknown = 0, malformed = 0, lu_paths = 0;
    double total = 0;
    for (int i = 0; i < rec.count; i++) {
        const hs_task_spec *s = &rec.spec[i];
        hs_task t;
        hs_work w;
        memset(&t, 0, sizeof t);
        t.kind = s->kind;
        t.name = s->kind->name;
        t.nacc = s->nacc;
        for (int k = 0; k < s->nacc; k++) {
            t.acc[k].handle = &h[s->acc[k].tile];
            t.acc[k].mode = s->acc[k].mode;
        }
        memcpy(t.iparam, s->iparam, sizeof t.iparam);
        if (hs_kernel_work(&t, prec, &w) != 0) {
            if (unknown++ == 0)
                printf("  task %s is unknown  FAILED\n", s->kind->name);
            continue;
        }
        if (w.cls < 0 || w.cls >= HS_NWORK || !(w.flops >= 0) || !isfinite(w.flops) ||
            w.size <= 0 ||
            (w.cls != HS_WORK_MEMORY && w.bytes != 0 && s->kind != &hs_kind_lu_column
             && s->kind != &hs_kind_lu_grid_top) ||
            (w.cls == HS_WORK_MEMORY && w.flops != 0)) {
            if (malformed++ == 0)
                printf("  task %s: class %d flops %g bytes %g size %d  FAILED\n", s->kind->name,
                       w.cls, w.flops, w.bytes, w.size);
        }
        int qr_cls = qr_kernel_class(s->kind);
        if (qr_cls >= 0 && (w.cls != qr_cls || w.part_flops[qr_cls] != w.flops)) {
            if (malformed++ == 0)
                printf("  task %s: class %s, %g of %g flops in %s  FAILED\n", s->kind->name,
                       hs_work_class_name[w.cls], w.part_flops[qr_cls], w.flops,
                       hs_work_class_name[qr_cls]);
        }
        name_sum *ns = sum_of(sums, &nsums, s->kind, w.cls);
        ns->count++;
        ns->flops += w.flops;
        ns->bytes += w.bytes;
        total += w.flops;
        if (s->kind == &hs_kind_lu_column && lu_paths++ < 8)
            check_lu_column_paths(&t, prec, &w);
    }
    failed += (unknown > 0) + (malformed > 0);
    for (int i = 0; i < nsums; i++)
        printf("  %-15s %6ld tasks  %-6s %14.6g flops %12.6g bytes\n", sums[i].kind->name,
               sums[i].count, hs_work_class_name[sums[i].cls], sums[i].flops, sums[i].bytes);

    /* The factorization's count. */
    double scale = hs_prec_complex(prec) ? 4 : 1, m = c->m, n = c->n, expected;
    char line[160];
    int ok;
    if (c->alg == ALG_CHOLESKY) {
        expected = scale * lawn_potrf(n);
        ok = fabs(total / expected - 1) < 1e-9;
        snprintf(line, sizeof line, "DPOTRF's %.10g", expected);
    } else if (c->alg == ALG_LU_GRID) {
        int wide = c->m < c->n;
        expected = scale * (wide ? n * m * m - m * m * m / 3 : lawn_getrf(m, n));
        ok = fabs(total / expected - 1) < (wide ? 1e-2 : 1e-9);
        snprintf(line, sizeof line, "DGETRF's %.10g%s", expected, wide ? " (leading terms)" : "");
    } else if (c->alg == ALG_LU) {
        int wide = c->m < c->n;
        expected = scale * (wide ? n * m * m - m * m * m / 3 : lawn_getrf(m, n));
        ok = fabs(total / expected - 1) < (wide ? 1e-2 : 1e-9);
        snprintf(line, sizeof line, "DGETRF's %.10g%s", expected, wide ? " (leading terms)" : "");
        /* lu_swap_left: every panel's kk interchanges on every column
         * tile left of it, 4 rows' worth each. */
        double swap_bytes = 0, got = 0;
        for (int k = 0; k < g.np && hs_lu_pivot_tile(&g, k) >= 0; k++) {
            int kk = g.n_rows - g.panel[k].col0;
            kk = kk < g.panel[k].width ? kk : g.panel[k].width;
            swap_bytes += 4.0 * kk * g.panel[k].col0 * esize;
        }
        /* lu_column: each panel's on every column tile right of it. */
        double right_bytes = 0, got_right = 0;
        for (int k = 0; k < g.np && hs_lu_pivot_tile(&g, k) >= 0; k++) {
            int kk = g.n_rows - g.panel[k].col0;
            kk = kk < g.panel[k].width ? kk : g.panel[k].width;
            for (int j = k + 1; j < g.np; j++)
                right_bytes += 4.0 * kk * g.panel[j].width * esize;
        }
        for (int i = 0; i < nsums; i++) {
            if (sums[i].kind == &hs_kind_lu_swap_left)
                got = sums[i].bytes;
            if (sums[i].kind == &hs_kind_lu_column)
                got_right = sums[i].bytes;
        }
        char swaps[160];
        snprintf(swaps, sizeof swaps, "lu_swap_left bytes %.10g, expected %.10g", got,
                 swap_bytes);
        check(got == swap_bytes, swaps);
        snprintf(swaps, sizeof swaps, "lu_column interchange bytes %.10g, expected %.10g",
                 got_right, right_bytes);
        check(got_right == right_bytes, swaps);
    } else {
        double b = c->b > 0 ? c->b : c->B;
        expected = scale * lawn_geqrf(m, n);
        double extra = (total - expected) / (scale * m * n * b);
        ok = extra >= 0 && extra <= QR_EXTRA;
        snprintf(line, sizeof line, "DGEQRF's %.10g + %.2f m n b (at most %g)", expected,
                 extra, QR_EXTRA);
    }
    printf("  total %.10g flops, %s: ratio %.6f  %s\n", total, line, total / expected,
           ok ? "PASSED" : "FAILED");
    failed += !ok;

    hs_dist_destroy(dist);
    free(rec.spec);
    free(h);
    free(home);
    free(rank_of);
    hs_geometry_free(&g);
    return total;
}

/* The runtime's own tasks, by hand. */
/* The host panels over a team (runtime/team.h): LU's panel, Cholesky's
 * potrf (its block's POTRF and the tile's TRSM below it) and QR's one-tile
 * panel cost their class's flops in GETRF_TEAM, POTRF_TEAM or GEQRF_TEAM
 * with their pieces and rounds where the task asks for a team and the
 * shape allows one (the LU and QR rule: two pieces of at least 128 rows
 * and twice as many rows as columns; Cholesky's: 1024 wide or more), and
 * their one-call class otherwise. */
enum { TEAM_LU, TEAM_CHOL, TEAM_QR };

typedef struct team_case {
    int routine, m, w, team, device, pieces;
    const char *why;
} team_case;

/* One panel task of the case's kind, its arguments set, on an m x w tile. */
static void team_task(const team_case *c, hs_task *t, hs_handle *panel)
{
    static const hs_task_kind *const kinds[] = { &hs_kind_lu_panel, &hs_kind_chol_potrf,
                                                 &hs_kind_qr_geqrf };
    hs_handle_wrap(panel, NULL, c->m, c->w, 8);
    memset(t, 0, sizeof *t);
    t->kind = kinds[c->routine];
    t->nacc = 1;
    t->acc[0] = (hs_access){ .handle = panel, .mode = HS_RW };
    if (c->routine == TEAM_LU)
        hs_lu_panel_args_put(t->iparam, (hs_lu_panel_args){ .team = c->team });
    else if (c->routine == TEAM_CHOL)
        hs_chol_potrf_args_put(t->iparam, (hs_chol_potrf_args){ .w = c->w, .team = c->team });
    else
        hs_qr_panel_args_put(t->iparam, (hs_qr_panel_args){ .w = c->w, .team = c->team,
                                                             .on_device = c->device });
}

static void check_team_panels(void)
{
    static const team_case cases[] = {
        /* LU: pieces of 128, then of 320; not asked for; one piece; rows < 2 w */
        { TEAM_LU, 1000, 64, 1, 0, 8, "128-row pieces" }, { TEAM_LU, 20000, 128, 1, 0, 63, "of 320" },
        { TEAM_LU, 1000, 64, 0, 0, 0, "off" }, { TEAM_LU, 128, 32, 1, 0, 0, "one piece" },
        { TEAM_LU, 1000, 512, 1, 0, 0, "rows < 2 w" },
        /* Cholesky: pieces of 128; not asked for; narrower than 1024 */
        { TEAM_CHOL, 2048, 1024, 1, 0, 16, "128-row pieces" },
        { TEAM_CHOL, 1024, 1024, 0, 0, 0, "off" }, { TEAM_CHOL, 512, 512, 1, 0, 0, "narrow" },
        /* QR: pieces of 128; not asked for; placed on a device; rows < 2 w */
        { TEAM_QR, 1000, 64, 1, 0, 8, "128-row pieces" }, { TEAM_QR, 1000, 64, 0, 0, 0, "off" },
        { TEAM_QR, 1000, 64, 1, 1, 0, "on a device" }, { TEAM_QR, 1000, 512, 1, 0, 0, "rows < 2 w" },
    };
    static const int team_cls[] = { HS_WORK_GETRF_TEAM, HS_WORK_POTRF_TEAM, HS_WORK_GEQRF_TEAM };
    static const char *const names[] = { "lu_panel", "potrf", "qr_geqrf" };
    hs_handle panel;
    hs_task t;
    hs_work w;
    char line[160];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const team_case *c = &cases[k];
        team_task(c, &t, &panel);
        int rc = hs_kernel_work(&t, HS_PREC_D, &w), team = c->pieces > 0;
        int rounds = !team                   ? 0
                     : c->routine == TEAM_LU ? hs_lu_team_rounds(c->w)
                     : c->routine == TEAM_CHOL ? hs_chol_team_rounds(c->w)
                                               : hs_qr_team_rounds(c->w);
        double flops = c->routine == TEAM_LU ? hs_flops_getrf(c->m, c->w)
                       : c->routine == TEAM_CHOL
                           ? hs_flops_potrf(c->w) + hs_flops_tri(c->w, c->m - c->w, 0)
                           : hs_qr_team_flops(c->m, c->w);
        snprintf(line, sizeof line, "%s %d x %d, team %d (%s): %s, %d pieces, %d rounds",
                 names[c->routine], c->m, c->w, c->team, c->why,
                 team ? hs_work_class_name[team_cls[c->routine]] : "one call", c->pieces,
                 rounds);
        check(rc == 0 && (w.cls == team_cls[c->routine]) == team && w.team_pieces == c->pieces
                  && w.team_rounds == rounds && (!team || w.flops == flops),
              line);
    }
    /* the LU rounds by hand: a search, 64 columns, 4 steps' interchanges,
     * 3 updates */
    check(hs_lu_team_rounds(64) == 1 + 64 + 4 + 3, "LU's team rounds for a 64-wide panel: 72");
    printf("the team panels of LU, Cholesky and QR checked\n");
}

/* a and b equal to rounding */
static int close_to(double a, double b)
{
    return fabs(a - b) <= 1e-12 * fabs(b);
}

/* QR's tree kernels over a team (kernels/qr_tree_team_body.h): the same
 * flops as one call, in 64-column pieces (none below 2); qr_tree_down's
 * all TPMQRT in one round, qr_tree_up's ?TPRFB parts (TPMQRT, which the
 * team shares) in a round per block but the last, its ?TPQRT2 parts
 * (TPQRT) on the leader: 3 i ib^2 + 5 ib^3 / 3 per block i; its class
 * the larger, TPMQRT. */
static void check_tree_teams(void)
{
    static const struct { int w, team, pieces; } cases[] = {
        { 1024, 1, 16 }, { 129, 1, 3 }, { 64, 1, 0 }, { 1024, 0, 0 },
    };
    char line[160];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int w = cases[k].w, pieces = cases[k].pieces, nb = w < HS_QR_IB ? w : HS_QR_IB;
        hs_handle h;
        hs_task t;
        hs_work up, down;
        hs_handle_wrap(&h, NULL, w + nb, w, 8);
        memset(&t, 0, sizeof t);
        t.kind = &hs_kind_qr_tree_up;
        t.nacc = 1;
        t.acc[0] = (hs_access){ .handle = &h, .mode = HS_RW };
        hs_qr_tree_up_args_put(t.iparam, (hs_qr_tree_up_args){ .w = w, .team = cases[k].team });
        int rc = hs_kernel_work(&t, HS_PREC_D, &up);
        t.kind = &hs_kind_qr_tree_down;
        hs_qr_tree_down_args_put(t.iparam,
                                 (hs_qr_tree_down_args){ .w = w, .team = cases[k].team });
        rc |= hs_kernel_work(&t, HS_PREC_D, &down);
        double tpqrt2 = 0;
        for (int i = 0; i < w; i += nb) {
            double ib = w - i < nb ? w - i : nb;
            tpqrt2 += 3.0 * i * ib * ib + 5 * ib * ib * ib / 3;
        }
        double total = hs_work_qr_kernel_flops(HS_WORK_TPQRT, 0, w);
        int split = pieces > 0;
        snprintf(line, sizeof line, "qr tree kernels w %d, team %d: %d pieces", w, cases[k].team,
                 pieces);
        check(rc == 0 && up.team_pieces == pieces && down.team_pieces == pieces
                  && up.team_rounds == (split ? (w - 1) / nb : 0)
                  && down.team_rounds == split
                  && up.cls == (split ? HS_WORK_TPMQRT : HS_WORK_TPQRT)
                  && close_to(up.flops, total)
                  && close_to(up.part_flops[HS_WORK_TPQRT], split ? tpqrt2 : total)
                  && close_to(down.flops, hs_work_qr_kernel_flops(HS_WORK_TPMQRT, 0, w)),
              line);
        /* A device tree's down step on a device: the device's ?ORMQR of
         * the 2w x w stack (GEMQRT), then two w x w copies, no team; on
         * the host (a task the device could not hold) as before. */
        hs_qr_tree_down_args_put(t.iparam, (hs_qr_tree_down_args){ .w = w, .team = cases[k].team,
                                                                    .dev_tree = 1 });
        t.device = 1;
        rc = hs_kernel_work(&t, HS_PREC_D, &down);
        snprintf(line, sizeof line, "qr tree_down w %d on a device", w);
        check(rc == 0 && down.cls == HS_WORK_GEMQRT && down.team_pieces == 0
                  && close_to(down.flops, hs_flops_apply_reflectors(2 * w, w, w))
                  && close_to(down.bytes, 4.0 * w * w * 8),
              line);
        t.device = 0;
        rc = hs_kernel_work(&t, HS_PREC_D, &down);
        snprintf(line, sizeof line, "qr tree_down w %d of a device tree on the host", w);
        check(rc == 0 && down.team_pieces == pieces
                  && close_to(down.flops, hs_work_qr_kernel_flops(HS_WORK_TPMQRT, 0, w)),
              line);
    }
    printf("the QR tree kernels' teams checked\n");
}

static void check_runtime_tasks(void)
{
    static const hs_task_kind *const kinds[] = { &hs_kind_fill, &hs_kind_write_back,
                                                 &hs_kind_copy, &hs_kind_send, &hs_kind_recv };
    static const hs_task_kind unknown = { .name = "no_such_kernel", .nacc = 0 };
    static const double bytes_of[] = { 2 * 70, 2 * 70, 70, 0, 0 };
    hs_handle a, b;
    hs_task t;
    hs_work w;
    char line[128];

    hs_handle_wrap(&a, NULL, 10, 7, 16);
    hs_handle_wrap(&b, NULL, 10, 7, 16);
    for (int prec = 0; prec < HS_NPRECS; prec++)
        for (int i = 0; i < 5; i++) {
            memset(&t, 0, sizeof t);
            t.kind = kinds[i];
            t.nacc = i == 2 ? 2 : 1;
            t.acc[0].handle = &a;
            t.acc[0].mode = HS_R;
            t.acc[1].handle = &b;
            t.acc[1].mode = HS_W;
            double want = bytes_of[i] * (double)hs_prec_bytes(prec);
            int rc = hs_kernel_work(&t, prec, &w);
            snprintf(line, sizeof line, "%s %c: MEMORY, %g bytes (got %d, %s, %g, %g flops)",
                     kinds[i]->name, hs_prec_letter(prec), want, rc,
                     w.cls >= 0 && w.cls < HS_NWORK ? hs_work_class_name[w.cls] : "?",
                     w.bytes, w.flops);
            check(rc == 0 && w.cls == HS_WORK_MEMORY && w.bytes == want && w.flops == 0, line);
        }
    memset(&t, 0, sizeof t);
    t.kind = &unknown;
    t.nacc = 1;
    t.acc[0].handle = &a;
    w.flops = 1;
    check(hs_kernel_work(&t, HS_PREC_D, &w) == -1 && w.cls == HS_WORK_GEMM && w.flops == 0 &&
              w.bytes == 0,
          "a kind without work that is not the runtime's: -1 and a zero GEMM");
    printf("runtime tasks (fill, write_back, copy, send, recv) and an unknown name checked\n");
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        { ALG_CHOLESKY, 397, 397, 64, 0, 1, 1, 0 },
        { ALG_CHOLESKY, 400, 400, 100, 40, 2, 2, 0 },     /* diagonal offsets, rows below */
        { ALG_QR, 400, 300, 64, 0, 2, 1, 0 },             /* TSQR, a tree across rows */
        { ALG_QR, 397, 397, 100, 40, 1, 1, 0 },           /* TSQR on b-wide panels */
        { ALG_QR, 384, 384, 64, 0, 3, 1, 0 },             /* square tiles, m = n */
        { ALG_QR, 1000, 128, 64, 0, 2, 1, 0 },            /* tall and skinny */
        { ALG_QR, 500, 300, 64, 0, 1, 2, 1 },             /* one tile row: qr_geqrf */
        { ALG_QR, 400, 300, 64, 0, 2, 2, 2 },             /* gathered panels */
        { ALG_QR, 397, 397, 50, 0, 3, 1, 2 },
        { ALG_LU, 400, 300, 64, 0, 1, 2, 1 },
        { ALG_LU, 397, 397, 50, 0, 1, 1, 1 },
        { ALG_LU, 300, 397, 50, 0, 1, 3, 1 },             /* wide */
        { ALG_LU_GRID, 400, 300, 64, 0, 2, 2, 0 },        /* 2-D: tall */
        { ALG_LU_GRID, 397, 397, 50, 0, 3, 1, 0 },
        { ALG_LU_GRID, 300, 397, 50, 0, 2, 1, 0 },        /* wide */
    };
    int nranks;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    if (nranks != 1) {
        fprintf(stderr, "t_kernel_work runs on one rank\n");
        MPI_Finalize();
        return 2;
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double d = run_case(&cases[i], HS_PREC_D), z = run_case(&cases[i], HS_PREC_Z);
        check(z == 4 * d, "Z's flops are 4 times D's");
    }
    check_runtime_tasks();
    check_team_panels();
    check_tree_teams();
    check_fallbacks();
    check_sum_class();
    printf("t_kernel_work: %d failed checks  %s\n", failed, failed ? "FAILED" : "PASSED");
    hs_engine_shutdown();
    MPI_Finalize();
    return failed;
}
