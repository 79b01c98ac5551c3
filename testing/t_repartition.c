/* t_repartition: unit test of the block-cyclic <-> hybrid tile repartition
 * (src/layout/repartition.c).  For every case, sub(A) of a ScaLAPACK matrix
 * goes to tiles and back; every entry of every local tile and of the local
 * array (LLD padding and guard words included) is checked against values
 * computed from global indices.  Usage: t_repartition [NRANDOM [SEED
 * [MIN_GRID]]]: NRANDOM random cases per grid (-1: the default), the
 * seed (0: the default), and only the grids of at least MIN_GRID
 * processes (a run on more ranks skips the grids a smaller run has
 * checked: their cases are the same).
 * Exit status 0 when every case passed on every rank, 1 otherwise. */
#include "config.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/call_common.h"
#include "blacs_shim/grid.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "layout/repartition.h"
#include "layout/tile_geometry.h"
#include "testing/blacs_tools.h"

enum {
    GUARD = 4,           /* guard words around the local array and each tile */
    MAX_PIECES = 8,      /* panel widths inside one top-level column */
    MSG_LEN = 400,
    DEFAULT_NRANDOM = 300
};

/* Fill values.  A holds positive integers, the new values written into the
 * tiles are negative integers, initial tile contents are negative x.25:
 * no two kinds can be mistaken for each other. */
static const double PAD_VAL = 0.5;          /* LLD padding rows of A */
static const double GUARD_VAL = 0.75;       /* guard words */
static const double STATUS_VAL = 12345.125; /* trailing status word of a tile */

static double val_a(int gi, int gj) { return 1.0 + gi + 1e4 * gj; }
static double val_new(int p, int q) { return -(1.0 + p + 1e4 * q); }
static double val_tile(int id, int i, int j) { return -(0.25 + i + 1e3 * j + 1e7 * id); }

static int same_bits(double x, double y) { return memcmp(&x, &y, sizeof x) == 0; }

/* ------------------------------------------------------------------ cases */

typedef struct rcase {
    char tag[32];
    int M, N, mb, nb, rsrc, csrc, pad;   /* A, its descriptor, LLD - max(1, LOCr) */
    int ia, ja, m, n;                    /* sub(A), 1-based offsets */
    int B, transpose;
    enum hs_part part;
    int one_row;                         /* tiles on one process row of all the
                                            grid's processes (tile_grid) */
    int npieces;                         /* 0: host geometry (square tiles) */
    int piece[MAX_PIECES];               /* panel widths, the last one takes the rest */
} rcase;

typedef struct rng { uint64_t s; } rng;

static uint64_t rng_next(rng *r)            /* splitmix64 */
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int rng_int(rng *r, int lo, int hi)  /* uniform in [lo, hi] */
{
    return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

static const char *part_name(enum hs_part p)
{
    return p == HS_PART_ALL ? "ALL" : p == HS_PART_LOWER ? "LOWER" : "UPPER";
}

static int moved(enum hs_part part, int p, int q)
{
    return part == HS_PART_ALL || (part == HS_PART_LOWER ? p >= q : p <= q);
}

/* Explicit edge cases; RSRC/CSRC are taken modulo the grid shape. */
struct edge {
    const char *name;
    int M, N, mb, nb, rsrc, csrc, pad, ia, ja, m, n, B, transpose;
    enum hs_part part;
    int npieces, piece[3];
};

static const struct edge edges[] = {
    /* name        M    N   mb  nb rs cs pad  ia  ja    m    n    B  tr part */
    { "one",       1,   1,  1,  1, 0, 0, 0,   1,  1,   1,   1,   1, 0, HS_PART_ALL, 0, {0} },
    { "one-t",     1,   1,  1,  1, 1, 1, 2,   1,  1,   1,   1,  32, 1, HS_PART_LOWER, 0, {0} },
    { "one-in-big",9,   8,  4,  3, 1, 0, 1,   6,  5,   1,   1,   7, 0, HS_PART_UPPER, 0, {0} },
    { "sub<block",20,  20, 32, 32, 0, 0, 1,   3,  5,   7,   9,   2, 0, HS_PART_ALL, 0, {0} },
    { "sub<block-t",20,20, 32, 32, 1, 1, 0,   3,  5,   9,   9,   2, 1, HS_PART_LOWER, 0, {0} },
    { "mb3nb5",   37,  41,  3,  5, 1, 1, 0,   5,  8,  23,  30,   7, 0, HS_PART_ALL, 0, {0} },
    { "mb3nb5-low",37, 41,  3,  5, 1, 1, 3,   5,  8,  30,  23,   7, 0, HS_PART_LOWER, 0, {0} },
    { "mb8nb2",   50,  45,  8,  2, 0, 1, 0,   9,  3,  33,  40,  32, 0, HS_PART_LOWER, 0, {0} },
    { "mb8nb2-up",50,  45,  8,  2, 1, 0, 2,   9,  3,  33,  40,  32, 0, HS_PART_UPPER, 0, {0} },
    { "B>N",      30,  30,  4,  4, 0, 0, 0,   1,  1,  30,  30,  64, 1, HS_PART_LOWER, 0, {0} },
    { "B=1",      13,  13,  2,  3, 0, 1, 1,   2,  1,  11,  11,   1, 1, HS_PART_UPPER, 0, {0} },
    { "B=1-all",  13,  12,  2,  3, 1, 0, 0,   1,  2,  12,   9,   1, 0, HS_PART_ALL, 0, {0} },
    { "chol-U",  100, 100,  8,  8, 0, 0, 0,   1,  1, 100, 100,  32, 1, HS_PART_UPPER, 0, {0} },
    { "chol-L",   90,  90,  8,  8, 1, 1, 1,   9,  9,  81,  81,  16, 0, HS_PART_LOWER, 0, {0} },
    { "chol-odd", 63,  64, 16, 16, 0, 0, 0,   2,  2,  61,  61,  16, 0, HS_PART_LOWER, 0, {0} },
    { "even",     64,  64, 16, 16, 0, 0, 0,   1,  1,  64,  64,  16, 0, HS_PART_UPPER, 0, {0} },
    { "hyb-L",    60,  60,  5,  5, 0, 0, 0,   3,  3,  45,  45,  16, 0, HS_PART_LOWER, 3, {3, 3, 10} },
    { "hyb-U-t",  60,  60,  5,  5, 1, 1, 1,   3,  3,  45,  45,  16, 1, HS_PART_UPPER, 3, {3, 3, 10} },
    { "hyb-all",  55,  61,  6,  4, 1, 0, 0,   2,  7,  40,  50,  16, 0, HS_PART_ALL, 3, {3, 3, 10} },
    { "hyb-all-t",55,  61,  6,  4, 0, 1, 2,   2,  7,  40,  50,  16, 1, HS_PART_ALL, 3, {3, 3, 10} },
    { "hyb-small", 7,   7,  2,  2, 0, 0, 0,   1,  1,   5,   5,  16, 0, HS_PART_LOWER, 3, {3, 3, 10} },
    { "m=0",      10,  10,  3,  3, 0, 0, 0,   4,  2,   0,   5,   4, 0, HS_PART_ALL, 0, {0} },
    { "n=0",      10,  10,  3,  3, 0, 0, 0,   4,  2,   5,   0,   4, 0, HS_PART_ALL, 0, {0} },
    { "m=n=0",    10,  10,  3,  3, 0, 0, 0,  11, 11,   0,   0,   4, 1, HS_PART_LOWER, 0, {0} },
    { "column",   40,   3,  4,  2, 1, 0, 0,   2,  3,  37,   1,   8, 0, HS_PART_ALL, 0, {0} },
    { "row",       3,  40,  2,  4, 0, 1, 0,   3,  2,   1,  37,   8, 0, HS_PART_ALL, 0, {0} },
    { "col-low",  40,   3,  4,  2, 1, 0, 0,   2,  3,  37,   1,   8, 0, HS_PART_LOWER, 0, {0} },
    { "row-up",    3,  40,  2,  4, 0, 1, 0,   3,  2,   1,  37,   8, 1, HS_PART_UPPER, 0, {0} },
    { "slices",   10, 800,  3,  7, 1, 1, 0,   2, 11,   7, 777,  32, 0, HS_PART_ALL, 0, {0} },
    { "slices-t",540, 540, 16, 16, 0, 1, 1,   5,  5, 530, 530, 100, 1, HS_PART_LOWER, 0, {0} },
    { "slices-hyb",20,600,  5,  9, 0, 0, 0,   1,  4,  19, 590,  48, 1, HS_PART_UPPER, 3, {5, 11, 0} },
};

static void case_from_edge(rcase *c, const struct edge *e, int nprow, int npcol)
{
    memset(c, 0, sizeof *c);
    snprintf(c->tag, sizeof c->tag, "edge:%s", e->name);
    c->M = e->M; c->N = e->N; c->mb = e->mb; c->nb = e->nb;
    c->rsrc = e->rsrc % nprow; c->csrc = e->csrc % npcol; c->pad = e->pad;
    c->ia = e->ia; c->ja = e->ja; c->m = e->m; c->n = e->n;
    c->B = e->B; c->transpose = e->transpose; c->part = e->part;
    c->npieces = e->npieces;
    for (int k = 0; k < e->npieces; k++)
        c->piece[k] = e->piece[k];
}

static int random_size(rng *r, int big)
{
    int k = rng_int(r, 0, 49);
    if (k == 0)
        return 0;
    if (k < 5)
        return 1;
    if (k < 8)
        return 2;
    return big ? rng_int(r, 1, 200) : rng_int(r, 1, 40);
}

static int random_block(rng *r)
{
    static const int common[] = { 1, 2, 3, 4, 5, 7, 8, 16, 32 };
    if (rng_int(r, 0, 3) == 0)
        return rng_int(r, 1, 40);
    return common[rng_int(r, 0, (int)(sizeof common / sizeof *common) - 1)];
}

/* Offset (1-based start) of sub(A): 1, aligned on a block, or anywhere. */
static int random_offset(rng *r, int blk)
{
    switch (rng_int(r, 0, 2)) {
    case 0:
        return 1;
    case 1:
        return 1 + blk * rng_int(r, 1, 7);
    default:
        return rng_int(r, 2, 2 * blk + 5);
    }
}

static void case_random(rcase *c, rng *r, int k, int nprow, int npcol)
{
    static const int tiles[] = { 1, 2, 3, 7, 8, 16, 32, 64 };
    int big = rng_int(r, 0, 9) == 0;

    memset(c, 0, sizeof *c);
    snprintf(c->tag, sizeof c->tag, "random:%d", k);
    c->mb = random_block(r);
    c->nb = rng_int(r, 0, 1) ? c->mb : random_block(r);
    c->rsrc = rng_int(r, 0, 1) ? 0 : rng_int(r, 0, nprow - 1);
    c->csrc = rng_int(r, 0, 1) ? 0 : rng_int(r, 0, npcol - 1);
    c->pad = rng_int(r, 0, 1) ? 0 : rng_int(r, 1, 5);
    c->transpose = rng_int(r, 0, 2) == 0;
    c->part = (enum hs_part)rng_int(r, 0, 2);
    c->m = random_size(r, big);
    c->n = c->transpose && rng_int(r, 0, 3) ? c->m : random_size(r, big);
    if (rng_int(r, 0, 3) == 0) {
        int mx = c->m > c->n ? c->m : c->n;
        c->B = rng_int(r, 1, mx + 3);
    } else {
        c->B = tiles[rng_int(r, 0, (int)(sizeof tiles / sizeof *tiles) - 1)];
    }
    if (c->B < 4) {              /* keep the number of tiles moderate */
        if (c->m > 48)
            c->m = 48;
        if (c->n > 48)
            c->n = 48;
    }
    if (rng_int(r, 0, 29) == 0) {  /* wide: several column slices */
        c->m = rng_int(r, 1, 12);
        c->n = rng_int(r, 400, 900);
        c->B = rng_int(r, 8, 70);
    }
    if (c->B >= 2 && rng_int(r, 0, 4) < 2) {  /* hybrid panels */
        int rest = c->B;
        c->npieces = rng_int(r, 2, MAX_PIECES < c->B ? MAX_PIECES : c->B);
        for (int p = 0; p < c->npieces - 1; p++) {
            c->piece[p] = rng_int(r, 1, rest - (c->npieces - 1 - p));
            rest -= c->piece[p];
        }
        c->piece[c->npieces - 1] = rest;
    }
    c->ia = random_offset(r, c->mb);
    c->ja = random_offset(r, c->nb);
    c->M = c->ia - 1 + c->m + rng_int(r, 0, c->mb + 2);
    c->N = c->ja - 1 + c->n + rng_int(r, 0, c->nb + 2);
    /* Drawn last: the cases before it stay what they were. */
    c->one_row = nprow * npcol > 1 && rng_int(r, 0, 3) == 0;
}

/* Geometry of the tiles: m x n, or n x m when transposing.  Hybrid: every
 * top-level column is cut into panels of widths piece[0], piece[1], ...,
 * the last piece taking the rest, truncated at the column's width. */
static int geometry_make(hs_geometry *g, const rcase *c, int nprow, int npcol)
{
    int rows = c->transpose ? c->n : c->m, cols = c->transpose ? c->m : c->n;

    if (c->npieces == 0)
        return hs_geometry_init_host(g, rows, cols, c->B, nprow, npcol);
    memset(g, 0, sizeof *g);
    g->n_rows = rows;
    g->n_cols = cols;
    g->B = c->B;
    g->H = c->B;
    g->mt = (rows + c->B - 1) / c->B;
    g->nt_top = (cols + c->B - 1) / c->B;
    g->nprow = nprow;
    g->npcol = npcol;
    for (int pass = 0; pass < 2; pass++) {
        int np = 0;
        for (int t = 0; t < g->nt_top; t++) {
            int wt = cols - t * c->B < c->B ? cols - t * c->B : c->B;
            for (int off = 0, k = 0; off < wt; k++) {
                int w = k < c->npieces - 1 ? c->piece[k] : wt - off;
                if (w > wt - off)
                    w = wt - off;
                if (pass == 1) {
                    g->panel[np].col0 = t * c->B + off;
                    g->panel[np].width = w;
                    g->panel[np].top = t;
                    g->panel[np].device = k == c->npieces - 1 ? 1 : 0;
                }
                np++;
                off += w;
            }
        }
        if (pass == 0) {
            g->np = np;
            g->panel = malloc((size_t)(np > 0 ? np : 1) * sizeof *g->panel);
            if (!g->panel)
                return HETSCAL_ERR_NOMEM;
        }
    }
    return HETSCAL_SUCCESS;
}

static void case_describe(const rcase *c, char *s, size_t len)
{
    int k = snprintf(s, len,
                     "%s M=%d N=%d MB=%d NB=%d RSRC=%d CSRC=%d pad=%d IA=%d JA=%d "
                     "m=%d n=%d B=%d trans=%d part=%s%s geo=",
                     c->tag, c->M, c->N, c->mb, c->nb, c->rsrc, c->csrc, c->pad,
                     c->ia, c->ja, c->m, c->n, c->B, c->transpose, part_name(c->part),
                     c->one_row ? " tiles=1xP" : "");
    if (c->npieces == 0) {
        snprintf(s + k, len - (size_t)k, "host");
        return;
    }
    for (int p = 0; p < c->npieces && k < (int)len; p++)
        k += snprintf(s + k, len - (size_t)k, p ? ",%d" : "hyb(%d", c->piece[p]);
    if (k < (int)len)
        snprintf(s + k, len - (size_t)k, ")");
}

/* --------------------------------------------------- local data of a case */

typedef struct report {
    long nbad;
    char first[MSG_LEN];
} report;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void bad(report *rep, const char *fmt, ...)
{
    if (rep->nbad++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(rep->first, sizeof rep->first, fmt, ap);
        va_end(ap);
    }
}

/* The caller's local array.  Local rows/columns map to global indices by
 * walking the block-cyclic distribution (independent of desc.h). */
typedef struct local {
    int locr, locc, lld;
    int *rowg, *colg;
    double *buf;          /* GUARD + lld * locc + GUARD */
    double *a;            /* buf + GUARD */
    double *expect;       /* expected contents of buf */
    size_t len;
} local;

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "t_repartition: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return p;
}

static int *owned_indices(int n, int nb, int src, int nprocs, int me, int *count)
{
    int *idx = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *idx);
    *count = 0;
    for (int g = 0; g < n; g++)
        if ((src + g / nb) % nprocs == me)
            idx[(*count)++] = g;
    return idx;
}

static void local_make(local *L, const rcase *c, int nprow, int npcol, int myrow,
                       int mycol)
{
    L->rowg = owned_indices(c->M, c->mb, c->rsrc, nprow, myrow, &L->locr);
    L->colg = owned_indices(c->N, c->nb, c->csrc, npcol, mycol, &L->locc);
    L->lld = (L->locr > 1 ? L->locr : 1) + c->pad;
    L->len = (size_t)L->lld * (size_t)L->locc + 2 * GUARD;
    L->buf = xmalloc(L->len * sizeof *L->buf);
    L->expect = xmalloc(L->len * sizeof *L->expect);
    L->a = L->buf + GUARD;
    for (size_t k = 0; k < L->len; k++)
        L->buf[k] = GUARD_VAL;
    for (int lj = 0; lj < L->locc; lj++)
        for (int li = 0; li < L->lld; li++)
            L->a[li + (size_t)lj * L->lld] =
                li < L->locr ? val_a(L->rowg[li], L->colg[lj]) : PAD_VAL;
    memcpy(L->expect, L->buf, L->len * sizeof *L->buf);
}

static void local_free(local *L)
{
    free(L->rowg);
    free(L->colg);
    free(L->buf);
    free(L->expect);
}

/* Compares the whole local buffer with L->expect, bit for bit. */
static void check_matrix(const local *L, const rcase *c, const char *when, report *rep)
{
    for (size_t k = 0; k < L->len; k++) {
        size_t e;
        int li, lj;
        if (same_bits(L->buf[k], L->expect[k]))
            continue;
        if (k < GUARD || k >= L->len - GUARD) {
            bad(rep, "%s: guard word %s A changed to %.17g", when,
                k < GUARD ? "before" : "after", L->buf[k]);
            continue;
        }
        e = k - GUARD;
        li = (int)(e % (size_t)L->lld);
        lj = (int)(e / (size_t)L->lld);
        if (li >= L->locr) {
            bad(rep, "%s: LLD padding a[%d + %d*LLD] = %.17g, expected %.17g",
                when, li, lj, L->buf[k], L->expect[k]);
        } else {
            int p = L->rowg[li] - (c->ia - 1), q = L->colg[lj] - (c->ja - 1);
            int in = p >= 0 && p < c->m && q >= 0 && q < c->n;
            bad(rep, "%s: A(%d,%d) [local %d,%d; %s] = %.17g, expected %.17g", when,
                L->rowg[li] + 1, L->colg[lj] + 1, li, lj,
                !in ? "outside sub(A)" : moved(c->part, p, q) ? "moved" : "not moved",
                L->buf[k], L->expect[k]);
        }
    }
}

/* Local tiles: bases[id] is the allocation, tiles[id] = bases[id] + GUARD,
 * holding h*w entries and the status word. */
typedef struct tileset {
    int ntiles;
    double **tiles, **bases;
} tileset;

static int tile_is_local(const hs_geometry *g, int r, int c, int myrow, int mycol)
{
    return r % g->nprow == myrow && g->panel[c].top % g->npcol == mycol;
}

static void tileset_make(tileset *T, const hs_geometry *g, int myrow, int mycol)
{
    T->ntiles = g->mt * g->np;
    T->tiles = calloc((size_t)(T->ntiles > 0 ? T->ntiles : 1), sizeof *T->tiles);
    T->bases = calloc((size_t)(T->ntiles > 0 ? T->ntiles : 1), sizeof *T->bases);
    if (!T->tiles || !T->bases) {
        fprintf(stderr, "t_repartition: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (int c = 0; c < g->np; c++)
        for (int r = 0; r < g->mt; r++) {
            int id = hs_tile_id(g, r, c), h = hs_tile_height(g, r), w = g->panel[c].width;
            size_t n = (size_t)h * (size_t)w;
            double *t;
            if (!tile_is_local(g, r, c, myrow, mycol))
                continue;
            T->bases[id] = xmalloc((n + 1 + 2 * GUARD) * sizeof(double));
            t = T->tiles[id] = T->bases[id] + GUARD;
            for (int k = 0; k < GUARD; k++)
                t[-1 - k] = t[n + 1 + k] = GUARD_VAL;
            for (int j = 0; j < w; j++)
                for (int i = 0; i < h; i++)
                    t[i + (size_t)j * h] = val_tile(id, i, j);
            t[n] = STATUS_VAL;
        }
}

static void tileset_free(tileset *T)
{
    for (int id = 0; id < T->ntiles; id++)
        free(T->bases[id]);
    free(T->tiles);
    free(T->bases);
}

/* Checks every local tile.  stage 1: moved entries hold A's values;
 * stage 2: they hold val_new.  Entries not moved keep their initial fill. */
static void check_tiles(const tileset *T, const hs_geometry *g, const rcase *c,
                        int myrow, int mycol, int stage, report *rep)
{
    const char *when = stage == 1 ? "to_tiles" : "to_matrix";
    for (int tc = 0; tc < g->np; tc++)
        for (int r = 0; r < g->mt; r++) {
            int id = hs_tile_id(g, r, tc), h = hs_tile_height(g, r), w = g->panel[tc].width;
            size_t n = (size_t)h * (size_t)w;
            const double *t = T->tiles[id];
            if (!tile_is_local(g, r, tc, myrow, mycol)) {
                if (t != NULL)
                    bad(rep, "%s: pointer of remote tile (%d,%d) changed", when, r, tc);
                continue;
            }
            if (t != T->bases[id] + GUARD) {
                bad(rep, "%s: pointer of tile (%d,%d) changed", when, r, tc);
                continue;
            }
            for (int k = 0; k < GUARD; k++)
                if (!same_bits(t[-1 - k], GUARD_VAL) || !same_bits(t[n + 1 + k], GUARD_VAL))
                    bad(rep, "%s: guard word around tile (%d,%d) changed", when, r, tc);
            if (!same_bits(t[n], STATUS_VAL))
                bad(rep, "%s: status word of tile (%d,%d) changed to %.17g", when, r,
                    tc, t[n]);
            for (int j = 0; j < w; j++)
                for (int i = 0; i < h; i++) {
                    int R = r * g->H + i, C = g->panel[tc].col0 + j;
                    int p = c->transpose ? C : R, q = c->transpose ? R : C;
                    int mv = moved(c->part, p, q);
                    double want = !mv ? val_tile(id, i, j)
                                : stage == 1 ? val_a(c->ia - 1 + p, c->ja - 1 + q)
                                : val_new(p, q);
                    double got = t[i + (size_t)j * h];
                    if (!same_bits(got, want))
                        bad(rep, "%s: tile (%d,%d) entry (%d,%d) [sub(A)(%d,%d) %s] = "
                            "%.17g, expected %.17g", when, r, tc, i, j, p, q,
                            mv ? "moved" : "not moved", got, want);
                }
        }
}

/* Writes val_new into the moved tile entries, and val_new into the expected
 * local array at the same sub(A) positions. */
static void overwrite_moved(const tileset *T, const hs_geometry *g, const rcase *c,
                            local *L)
{
    for (int tc = 0; tc < g->np; tc++)
        for (int r = 0; r < g->mt; r++) {
            int h = hs_tile_height(g, r), w = g->panel[tc].width;
            double *t = T->tiles[hs_tile_id(g, r, tc)];
            if (!t)
                continue;
            for (int j = 0; j < w; j++)
                for (int i = 0; i < h; i++) {
                    int R = r * g->H + i, C = g->panel[tc].col0 + j;
                    int p = c->transpose ? C : R, q = c->transpose ? R : C;
                    if (moved(c->part, p, q))
                        t[i + (size_t)j * h] = val_new(p, q);
                }
        }
    for (int lj = 0; lj < L->locc; lj++)
        for (int li = 0; li < L->locr; li++) {
            int p = L->rowg[li] - (c->ia - 1), q = L->colg[lj] - (c->ja - 1);
            if (p >= 0 && p < c->m && q >= 0 && q < c->n && moved(c->part, p, q))
                L->expect[GUARD + li + (size_t)lj * L->lld] = val_new(p, q);
        }
}

/* ----------------------------------------------------------- running cases */

typedef struct gridrun {
    int ctxt, nprow, npcol, myrow, mycol;
    int which;           /* index of this process's grid among those opened */
    const hetscal_grid *hg;
    MPI_Comm comm;       /* the grid's processes, for the test's own checks */
} gridrun;

/* Every local tile moved on its own, in reverse order (the tasks of a run
 * copy tiles in any order). */
static int copy_tiles(const hs_redist *rd, const tileset *T, int to_tiles)
{
    for (int id = T->ntiles - 1; id >= 0; id--) {
        int err = T->tiles[id] ? hs_redist_copy_tile(rd, id, T->tiles[id], to_tiles) : 0;
        if (err)
            return err;
    }
    return HETSCAL_SUCCESS;
}

/* Runs one case on the grid; returns the number of bad checks (first one
 * described in rep). */
static long run_case(const gridrun *gr, const rcase *c, report *rep)
{
    hs_geometry geo;
    tileset T;
    local L;
    int desc[HS_DLEN], errs[4], all[4];
    hs_redist rd;

    memset(rep, 0, sizeof *rep);
    /* The tiles' grid: A's, or one process row of all its processes. */
    hetscal_grid row = hs_call_one_process_row(gr->hg);
    const hetscal_grid *tg = c->one_row ? &row : gr->hg;
    if (geometry_make(&geo, c, tg->nprow, tg->npcol) != HETSCAL_SUCCESS) {
        fprintf(stderr, "t_repartition: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    local_make(&L, c, gr->nprow, gr->npcol, gr->myrow, gr->mycol);
    tileset_make(&T, &geo, tg->myrow, tg->mycol);
    desc[HS_DTYPE] = 1;
    desc[HS_CTXT] = gr->ctxt;
    desc[HS_M] = c->M;
    desc[HS_N] = c->N;
    desc[HS_MB] = c->mb;
    desc[HS_NB] = c->nb;
    desc[HS_RSRC] = c->rsrc;
    desc[HS_CSRC] = c->csrc;
    desc[HS_LLD] = L.lld;
    memset(&rd, 0, sizeof rd);
    rd.grid = hs_call_proc_grid(gr->hg);
    rd.tile_grid = hs_call_proc_grid(tg);
    rd.geo = &geo;
    rd.a = L.a;
    rd.desca = desc;
    rd.ia = c->ia;
    rd.ja = c->ja;
    rd.m = c->m;
    rd.n = c->n;
    rd.transpose = c->transpose;
    rd.part = c->part;
    rd.tiles = (void **)T.tiles;
    /* Several copying threads (this rank's own rectangles, its messages'
     * packing and unpacking), down to a few entries each, on some cases,
     * and not as many on every rank: the message layout must not depend
     * on them. */
    rd.threads = 1 + (c->m + c->n + gr->myrow + 2 * gr->mycol) % 3;
    rd.copy_grain = 1;
    /* Rounds of a few columns on some cases (up to the most there are),
     * so that packing and unpacking overlap their neighbours' rounds. */
    rd.slice_bytes = (c->m + c->n) % 4 ? 64 * (1 + c->m % 5) : 0;

    /* On one process, every other case moves tile by tile, as the run's
     * tasks do (hs_redist_copy_tile), with the same expected results. */
    int per_tile = gr->nprow * gr->npcol == 1 && (c->m + c->n) % 2 == 0;
    errs[0] = per_tile ? copy_tiles(&rd, &T, 1) : hs_redist_to_tiles(&rd);
    if (errs[0] != HETSCAL_SUCCESS)
        bad(rep, "%s returned %d", per_tile ? "hs_redist_copy_tile" : "hs_redist_to_tiles",
            errs[0]);
    check_matrix(&L, c, "to_tiles (A must stay untouched)", rep);
    check_tiles(&T, &geo, c, tg->myrow, tg->mycol, 1, rep);

    overwrite_moved(&T, &geo, c, &L);
    errs[2] = per_tile ? copy_tiles(&rd, &T, 0) : hs_redist_to_matrix(&rd);
    if (errs[2] != HETSCAL_SUCCESS)
        bad(rep, "%s returned %d", per_tile ? "hs_redist_copy_tile" : "hs_redist_to_matrix",
            errs[2]);
    check_matrix(&L, c, "to_matrix", rep);
    check_tiles(&T, &geo, c, tg->myrow, tg->mycol, 2, rep);

    /* Return codes must agree on every rank of the grid. */
    errs[1] = -errs[0];
    errs[3] = -errs[2];
    MPI_Allreduce(errs, all, 4, MPI_INT, MPI_MAX, gr->comm);
    if (all[0] != -all[1] || all[2] != -all[3])
        bad(rep, "return codes differ between ranks (to_tiles %d..%d, to_matrix %d..%d)",
            -all[1], all[0], -all[3], all[2]);

    tileset_free(&T);
    local_free(&L);
    hs_geometry_free(&geo);
    return rep->nbad;
}

/* The hetscal grid must agree with BLACS: shape, coordinates and the rank
 * of every grid position in its communicator. */
static long check_grid(const gridrun *gr, report *rep)
{
    const hetscal_grid *g = gr->hg;
    int mine[2] = { gr->myrow, gr->mycol }, *coords;

    memset(rep, 0, sizeof *rep);
    if (g->nprow != gr->nprow || g->npcol != gr->npcol || g->myrow != gr->myrow ||
        g->mycol != gr->mycol) {
        bad(rep, "hetscal grid %dx%d (%d,%d) differs from BLACS %dx%d (%d,%d)",
            g->nprow, g->npcol, g->myrow, g->mycol, gr->nprow, gr->npcol, gr->myrow,
            gr->mycol);
        return rep->nbad;
    }
    coords = xmalloc(2 * (size_t)g->size * sizeof *coords);
    MPI_Allgather(mine, 2, MPI_INT, coords, 2, MPI_INT, g->comm);
    for (int r = 0; r < g->size; r++)
        if (hetscal_grid_rank(g, coords[2 * r], coords[2 * r + 1]) != r)
            bad(rep, "rank_of(%d,%d) = %d, but that position is rank %d",
                coords[2 * r], coords[2 * r + 1],
                hetscal_grid_rank(g, coords[2 * r], coords[2 * r + 1]), r);
    free(coords);
    return rep->nbad;
}

typedef struct gridspec {
    int p, q;
    /* 'R' row-major, 'C' column-major, 'M' reversed map (rank nprocs-1 at
     * (0,0)), 'S' split: a column-major P x Q grid on the first ranks and,
     * at the same time, a 1 x rest grid on the others in reverse order, both
     * running their cases concurrently. */
    char order;
} gridspec;

static const gridspec grids[] = {
    { 1, 1, 'R' }, { 1, 1, 'M' }, { 1, 2, 'R' }, { 2, 1, 'C' }, { 1, 3, 'M' },
    { 3, 1, 'R' }, { 1, 4, 'R' }, { 4, 1, 'M' }, { 2, 2, 'R' }, { 2, 2, 'C' },
    { 2, 2, 'M' }, { 1, 2, 'S' }, { 2, 3, 'R' }, { 2, 3, 'C' }, { 3, 2, 'R' },
    { 3, 2, 'C' }, { 3, 2, 'M' }, { 2, 2, 'S' }, { 1, 6, 'R' }, { 6, 1, 'C' },
};

static const char *order_name(char order)
{
    return order == 'R' ? "Row" : order == 'C' ? "Col" : order == 'M' ? "Map" : "Split";
}

/* Grid from a map: position (i, j) gets rank rank(i, j). */
static int grid_from_map(int p, int q, int first, int step, int colmajor)
{
    int ctxt, *map = xmalloc((size_t)p * (size_t)q * sizeof *map);
    for (int i = 0; i < p; i++)
        for (int j = 0; j < q; j++)
            map[i + j * p] = first + step * (colmajor ? i + j * p : i * q + j);
    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridmap(&ctxt, map, p, p, q);
    free(map);
    return ctxt;
}

/* Creates the grid(s) of gs (collective over every process); returns 1 and
 * fills gr when this process is in one. */
static int grid_open(const gridspec *gs, int nprocs, gridrun *gr)
{
    int ctxt[2] = { -1, -1 };

    if (gs->order == 'M') {
        ctxt[0] = grid_from_map(gs->p, gs->q, nprocs - 1, -1, 0);
    } else if (gs->order == 'S') {
        ctxt[0] = grid_from_map(gs->p, gs->q, 0, 1, 1);
        if (nprocs > gs->p * gs->q)
            ctxt[1] = grid_from_map(1, nprocs - gs->p * gs->q, nprocs - 1, -1, 0);
    } else {
        Cblacs_get(-1, 0, &ctxt[0]);
        Cblacs_gridinit(&ctxt[0], gs->order == 'R' ? "Row" : "Col", gs->p, gs->q);
    }
    gr->ctxt = -1;
    gr->nprow = gr->npcol = gr->myrow = gr->mycol = -1;
    for (int k = 0; k < 2 && gr->myrow < 0; k++) {
        if (ctxt[k] < 0)
            continue;
        Cblacs_gridinfo(ctxt[k], &gr->nprow, &gr->npcol, &gr->myrow, &gr->mycol);
        gr->ctxt = ctxt[k];
        gr->which = k;
    }
    return gr->nprow >= 1 && gr->myrow >= 0;
}

/* Runs every case of one grid; returns its number of failed cases (the same
 * on every rank) and adds its case count to *ncases. */
static int run_grid(const gridspec *gs, int gindex, int nrandom, uint64_t seed,
                    int *ncases)
{
    int me, nprocs, in, n, failed = 0, err = 0;
    int nedge = (int)(sizeof edges / sizeof *edges);
    gridrun gr;
    rng r = { seed + 0x1000193ULL * (uint64_t)(gindex + 1) };
    char (*msg)[2 * MSG_LEN + 64];
    int *bad_local, *first_rank, *first_all;
    double t0 = MPI_Wtime();

    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    in = grid_open(gs, nprocs, &gr);
    MPI_Comm_split(MPI_COMM_WORLD, in ? gr.which : MPI_UNDEFINED, me, &gr.comm);

    n = 1 + nedge + nrandom;     /* the grid check, edge cases, random cases */
    msg = xmalloc((size_t)n * sizeof *msg);
    bad_local = calloc((size_t)n, sizeof *bad_local);
    first_rank = xmalloc((size_t)n * sizeof *first_rank);
    first_all = xmalloc((size_t)n * sizeof *first_all);
    if (!bad_local)
        MPI_Abort(MPI_COMM_WORLD, 2);

    if (in) {
        report rep;
        char what[MSG_LEN];
        gr.hg = hetscal_grid_get(gr.ctxt, &err);
        if (!gr.hg) {
            bad_local[0] = 1;
            snprintf(msg[0], sizeof msg[0], "hetscal_grid_get failed: %d", err);
        } else if (check_grid(&gr, &rep)) {
            bad_local[0] = 1;
            snprintf(msg[0], sizeof msg[0], "grid check: %s", rep.first);
        }
        for (int k = 1; k < n && gr.hg; k++) {
            rcase c;
            if (k <= nedge)
                case_from_edge(&c, &edges[k - 1], gr.nprow, gr.npcol);
            else
                case_random(&c, &r, k - 1 - nedge, gr.nprow, gr.npcol);
            if (run_case(&gr, &c, &rep)) {
                bad_local[k] = 1;
                case_describe(&c, what, sizeof what);
                snprintf(msg[k], sizeof msg[k], "%s: %ld bad, first: %s", what,
                         rep.nbad, rep.first);
            }
        }
    }
    for (int k = 0; k < n; k++)
        first_rank[k] = bad_local[k] ? me : nprocs;
    MPI_Allreduce(first_rank, first_all, n, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    for (int k = 0; k < n; k++) {
        if (first_all[k] == nprocs)
            continue;
        failed++;
        if (first_all[k] == me)
            printf("FAILED grid %dx%d %s (this rank's grid %dx%d), case %d, rank %d "
                   "(%d,%d): %s\n", gs->p, gs->q, order_name(gs->order), gr.nprow,
                   gr.npcol, k, me, gr.myrow, gr.mycol, msg[k]);
    }
    fflush(stdout);
    if (me == 0)
        printf("t_repartition: grid %dx%d %s: %d cases, %d failed, %.2f s\n", gs->p,
               gs->q, order_name(gs->order), n, failed, MPI_Wtime() - t0);
    fflush(stdout);

    if (in) {
        MPI_Comm_free(&gr.comm);
        Cblacs_gridexit(gr.ctxt);
    }
    free(msg);
    free(bad_local);
    free(first_rank);
    free(first_all);
    *ncases += n;
    return failed;
}

int main(int argc, char **argv)
{
    int me, nprocs, ncases = 0, failed = 0;
    int nrandom = argc > 1 ? atoi(argv[1]) : -1;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 0;
    int min_grid = argc > 3 ? atoi(argv[3]) : 1;
    double t0;

    MPI_Init(&argc, &argv);
    Cblacs_pinfo(&me, &nprocs);
    if (seed == 0)
        seed = 20241122ULL;
    if (nrandom < 0)             /* one grid only on one rank: more cases */
        nrandom = nprocs == 1 ? 6 * DEFAULT_NRANDOM : DEFAULT_NRANDOM;
    t0 = MPI_Wtime();
    for (int g = 0; g < (int)(sizeof grids / sizeof *grids); g++) {
        const gridspec *gs = &grids[g];
        if (gs->p * gs->q > nprocs || gs->p * gs->q < min_grid)
            continue;
        if (gs->order == 'M' && gs->p * gs->q == 1 && nprocs == 1)
            continue;                /* the same grid as 1x1 Row */
        failed += run_grid(gs, g, nrandom, seed, &ncases);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0) {
        printf("t_repartition: %d ranks, %.2f s\n", nprocs, MPI_Wtime() - t0);
        printf("t_repartition: %d cases, %d failed\n", ncases, failed);
        printf("%d passed, %d failed\n", ncases - failed, failed);
        fflush(stdout);
    }
    hetscal_grid_free_all();
    Cblacs_exit(1);
    MPI_Finalize();
    return failed ? 1 : 0;
}
