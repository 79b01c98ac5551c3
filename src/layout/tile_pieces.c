/* A tile's pieces in the caller's local arrays (see tile_pieces.h). */
#include "config.h"

#include "layout/copy_strided.h"
#include "layout/desc.h"
#include "layout/tile_pieces.h"
#include "util/precision.h"

/* The first run of global indices [*a, *b), at or after g and below g1,
 * that process pr holds (blocks of nb, the first on src, over np
 * processes); 0 when there is none. */
static int next_run(int g, int g1, int nb, int src, int np, int pr, int *a, int *b)
{
    if (g >= g1)
        return 0;
    int d = (pr - hs_g2p(g, nb, src, np) + np) % np;
    long long start = d == 0 ? g : ((long long)g / nb + d) * nb;
    if (start >= g1)
        return 0;
    long long end = (start / nb + 1) * nb;
    *a = (int)start;
    *b = end < g1 ? (int)end : g1;
    return 1;
}

/* The last index below g1 that process pr holds, at least g0 (the
 * caller knows it holds some). */
static int last_held(int g0, int g1, int nb, int src, int np, int pr)
{
    int d = (hs_g2p(g1 - 1, nb, src, np) - pr + np) % np;
    if (d == 0)
        return g1 - 1;
    long long last = ((long long)(g1 - 1) / nb - d) * nb + nb - 1;
    return last < g0 ? g0 : (int)last;
}

/* Along one dimension: how many of global indices [g0, g1) process pr
 * holds, the local index of the first, and the first and last held. */
typedef struct held {
    int count, local, first, last;
} held;

static held held_by(int g0, int g1, int nb, int src, int np, int pr)
{
    held h = { 0, 0, 0, 0 };
    int a, b;
    if (!next_run(g0, g1, nb, src, np, pr, &a, &b))
        return h;
    h.local = hs_numroc(g0, nb, pr, src, np);
    h.count = hs_numroc(g1, nb, pr, src, np) - h.local;
    h.first = a;
    h.last = last_held(g0, g1, nb, src, np, pr);
    return h;
}

/* Whether entry (p, q) of sub(A) moves, for rows [pmin, pmax] and columns
 * [qmin, qmax] at once: 1 all, 0 none, -1 some. */
static int moves(enum hs_part part, int pmin, int pmax, int qmin, int qmax)
{
    if (part == HS_PART_LOWER)
        return pmin >= qmax ? 1 : pmax < qmin ? 0 : -1;
    if (part == HS_PART_UPPER)
        return pmax <= qmin ? 1 : pmin > qmax ? 0 : -1;
    return 1;
}

int hs_redist_tile_pieces(const hs_redist *rd, int tile, hs_piece *out, int max)
{
    const hs_geometry *geo = rd->geo;
    const int *d = rd->desca;
    const hs_proc_grid *g = &rd->grid;
    int r = tile % geo->mt, c = tile / geo->mt;
    int h = hs_tile_height(geo, r), w = geo->panel[c].width;
    int row0 = r * geo->H, col0 = geo->panel[c].col0;
    if (h <= 0 || w <= 0)
        return 0;
    int p0 = rd->transpose ? col0 : row0, p1 = p0 + (rd->transpose ? w : h);
    int q0 = rd->transpose ? row0 : col0, q1 = q0 + (rd->transpose ? h : w);
    int di = rd->ia - 1, dj = rd->ja - 1;
    int n = 0;
    for (int pc = 0; pc < g->npcol; pc++) {
        held cols = held_by(dj + q0, dj + q1, d[HS_NB], d[HS_CSRC], g->npcol, pc);
        if (cols.count <= 0)
            continue;
        for (int pr = 0; pr < g->nprow; pr++) {
            held rows = held_by(di + p0, di + p1, d[HS_MB], d[HS_RSRC], g->nprow, pr);
            if (rows.count <= 0)
                continue;
            int m = moves(rd->part, rows.first - di, rows.last - di, cols.first - dj,
                          cols.last - dj);
            if (m == 0)
                continue;
            if (n < max)
                out[n] = (hs_piece){ .tile = tile, .prow = pr, .pcol = pc, .p0 = p0, .p1 = p1,
                                     .q0 = q0, .q1 = q1, .rows = rows.count,
                                     .cols = cols.count, .lrow = rows.local,
                                     .lcol = cols.local, .merge = m < 0 };
            n++;
        }
    }
    return n;
}

void hs_redist_piece_copy(const hs_redist *rd, const hs_piece *pc, void *piece, int ld,
                          void *tile, int tile_ld, int to_tiles)
{
    const int *d = rd->desca;
    const hs_proc_grid *g = &rd->grid;
    size_t es = hs_prec_bytes(rd->prec);
    int conj = rd->transpose && hs_prec_complex(rd->prec);
    int di = rd->ia - 1, dj = rd->ja - 1;
    /* Along a column of sub(A), the tile's entries are 1 apart, or (a
     * transposed tile) a tile row, tile_ld apart. */
    int stride = rd->transpose ? tile_ld : 1;
    int j = 0, qa, qb;
    for (int gq = dj + pc->q0;
         next_run(gq, dj + pc->q1, d[HS_NB], d[HS_CSRC], g->npcol, pc->pcol, &qa, &qb);
         gq = qb) {
        for (int gcol = qa; gcol < qb; gcol++, j++) {
            int q = gcol - dj, i = 0, pa, pb;
            for (int gp = di + pc->p0;
                 next_run(gp, di + pc->p1, d[HS_MB], d[HS_RSRC], g->nprow, pc->prow, &pa, &pb);
                 gp = pb) {
                int lo = pa - di, hi = pb - di, len = hi - lo;
                hs_part_clip(rd->part, q, &lo, &hi);
                if (lo < hi) {
                    char *x = (char *)piece + (i + (lo - (pa - di)) + (size_t)j * ld) * es;
                    size_t at = rd->transpose
                                    ? (size_t)(q - pc->q0) + (size_t)(lo - pc->p0) * tile_ld
                                    : (size_t)(lo - pc->p0) + (size_t)(q - pc->q0) * tile_ld;
                    char *t = (char *)tile + at * es;
                    if (to_tiles)
                        hs_copy_strided(t, stride, x, 1, hi - lo, es, conj);
                    else
                        hs_copy_strided(x, 1, t, stride, hi - lo, es, conj);
                }
                i += len;
            }
        }
    }
}
