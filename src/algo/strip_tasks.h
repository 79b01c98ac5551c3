/* The accesses of a strip task (kernels/strip_runs.h): a rank's tiles of
 * a trailing column, every nprow-th tile row, and the panel's tiles in
 * the same rows, for the updates of tiles in the caller's array
 * (algo/qr.c, algo/lu_grid.c, algo/cholesky.c).
 *
 * On a process column other than the panel's, the panel's tiles are
 * received copies, each in its own memory: there each rank first packs
 * the panel's tiles of its process row into one buffer (the same tile
 * versions read, so the same messages), and its strips read that buffer
 * in place of the tiles (geometry's strip_buffers).  The buffers rotate
 * among HS_STRIP_PACK_SETS sets, so that the next panel's pack does not
 * wait for this one's last strips; or one set, where the bound on a
 * call's extra memory (half the share) leaves no room for a second
 * (a whole local block column; api/call_driver.c). */
#ifndef HETSCAL_ALGO_STRIP_TASKS_H
#define HETSCAL_ALGO_STRIP_TASKS_H

#include "layout/tile_geometry.h"
#include "runtime/dist.h"

/* HS_STRIP_COLUMNS: the most columns one strip task updates (geometry's
 * strip_columns with the tiles in the caller's array).  P?GEQRF's V^H A
 * then has as many times a panel's width as its output, where one
 * column's ran at about three quarters of a wide product's rate
 * (doc/PERFORMANCE.md, sessions 72 and 75). */
enum { HS_STRIP_PACK_SETS = 2, HS_STRIP_COLUMNS = 4 };

/* Appends to spec's accesses the tiles of columns cols[0..ncols) (one
 * process column's) from tile row *r down, one process row's (every
 * nprow-th), at most `most` rows and to the matrix's end, with
 * target_mode, column by column, then column k's tiles of the same rows
 * (R), or, with buf >= 0, the buffer those are packed in (R); moves *r
 * past them and returns their rows. */
static inline int hs_strip_add_tiles(hs_task_spec *spec, const hs_geometry *g, const int *cols,
                                     int ncols, int k, int *r, int most, int target_mode,
                                     int buf)
{
    int n = 0;
    for (int i = *r; n < most && i < g->mt; i += g->nprow)
        n++;
    for (int c = 0; c < ncols; c++)
        for (int m = 0; m < n; m++)
            hs_task_spec_add(spec, hs_tile_id(g, *r + m * g->nprow, cols[c]), target_mode);
    if (buf >= 0) {
        hs_task_spec_add(spec, buf, HS_R);
        *r += n * g->nprow;
        return n;
    }
    for (int m = 0; m < n; m++, *r += g->nprow)
        hs_task_spec_add(spec, hs_tile_id(g, *r, k), HS_R);
    return n;
}

/* The first row of tile row r in its process row's pack buffer: the
 * process row's tile rows one below the other, whole. */
static inline int hs_strip_pack_row(const hs_geometry *g, int r)
{
    return r / g->nprow * g->H;
}

/* The rows of a pack buffer: the most tile rows a process row holds. */
static inline int hs_strip_pack_rows(const hs_geometry *g)
{
    return (g->mt + g->nprow - 1) / g->nprow * g->H;
}

/* The set of the buffer that panel k's tiles take on process column q
 * (not the panel's): the panels that process column packs alternate
 * (panels are the caller's column blocks, dealt from pcol0 on). */
static inline int hs_strip_pack_set(const hs_geometry *g, int k, int q)
{
    int top = g->panel[k].top, d = (q - g->pcol0 + g->npcol) % g->npcol;
    int on_q = top > d ? (top - d - 1) / g->npcol + 1 : 0;
    return g->strip_buffers > 1 ? (top - on_q) % g->strip_buffers : 0;
}

/* Tiles an algorithm numbers for the pack buffers, from its first: one a
 * process column, process row and set. */
static inline int hs_strip_pack_tiles(const hs_geometry *g)
{
    return g->npcol * g->nprow * HS_STRIP_PACK_SETS;
}

/* The pack buffer of process column q, process row p and set `set`,
 * among the tiles from `first`. */
static inline int hs_strip_pack_tile(const hs_geometry *g, int first, int q, int p, int set)
{
    return first + (q * g->nprow + p) * HS_STRIP_PACK_SETS + set;
}

/* The homes of the pack buffers from tile `first`: those of the first
 * `sets` sets (the geometry's strip_buffers where the algorithm packs),
 * each on its process position, a block column of the most rows a
 * process row holds and the widest panel; the others none (rank -1). */
static inline void hs_strip_pack_homes(const hs_geometry *g, int first, int sets,
                                       const int *rank_of, hs_tile_home *home)
{
    int wmax = hs_geometry_widest_panel(g);
    for (int q = 0; q < g->npcol; q++)
        for (int p = 0; p < g->nprow; p++)
            for (int set = 0; set < HS_STRIP_PACK_SETS; set++)
                home[hs_strip_pack_tile(g, first, q, p, set)] =
                    set < sets ? (hs_tile_home){ .rank = rank_of[p * g->npcol + q],
                                           .m = hs_strip_pack_rows(g), .n = wmax,
                                           .stays = 1 }
                         : (hs_tile_home){ .rank = -1 };
}

/* The pack buffer (numbered from `first`) that a strip of panel k's
 * update of column j reads for tile row r, or -1 where column j lies on
 * the panel's process column, whose strips read the panel's tiles where
 * they lie. */
static inline int hs_strip_pack_buffer(const hs_geometry *g, int first, int k, int j, int r)
{
    int q = hs_panel_pcol(g, j);
    if (q == hs_panel_pcol(g, k))
        return -1;
    return hs_strip_pack_tile(g, first, q, hs_tile_prow(g, r), hs_strip_pack_set(g, k, q));
}

/* The aligned group of strip_columns columns of one process column that
 * column j is in (by its top-level column's place on its process
 * column): groups of columns share strips within it, so that a group
 * that starts at j needs its sums' room only to the aligned group's
 * end. */
static inline int hs_strip_group_key(const hs_geometry *g, int j)
{
    return (g->pcol0 + g->panel[j].top) / g->npcol / g->strip_columns;
}

/* The columns whose updates a strip task starting at column j0 shares:
 * j0 and the next ones of its process column in its aligned group, at
 * most strip_columns; their count. */
static inline int hs_strip_group(const hs_geometry *g, int j0, int *cols)
{
    int n = 0, q = hs_panel_pcol(g, j0), key = hs_strip_group_key(g, j0);
    for (int j = j0; j < g->np && n < g->strip_columns; j++)
        if (hs_panel_pcol(g, j) == q) {
            if (hs_strip_group_key(g, j) != key)
                break;
            cols[n++] = j;
        }
    return n;
}

/* Whether some column right of panel k lies on process column q. */
static inline int hs_strip_columns_on(const hs_geometry *g, int k, int q)
{
    for (int j = k + 1; j < g->np && j <= k + g->npcol; j++)
        if (hs_panel_pcol(g, j) == q)
            return 1;
    return 0;
}

#endif
