/* LU on a 2-D grid of square tiles (see lu_grid.h).  For each panel k
 * with rows (off = its diagonal row, kk its pivots):
 *   panel_gather     the panel's tiles into its buffer, a few per task;
 *   lu_grid_panel    ?GETRF of the buffer, pivots and moves (on the
 *                    host; on the home's GPU where the geometry says
 *                    device_panels, then lu_grid_moves on the host);
 *   panel_scatter    the factored panel back to its tiles;
 *   for every other column j, the panel's interchanges (swap): one
 *     lu_grid_visit per few tiles of a process row below the top tile
 *     row, then lu_grid_top on tile (k, j), which right of the panel
 *     also solves U12 (both where the column's tiles are, reading the
 *     pivot tile's host copy for which rows move);
 *   lu_grid_gemm     every trailing tile (i, j), i, j > k; with the tiles
 *                    in the caller's array, a column on the panel's
 *                    process column in strips of each process row's
 *                    tiles (lu_grid_gemm_strip): there they lie one below
 *                    the other, beside the panel's, and one GEMM covers
 *                    several, where tile-sized GEMMs ran well below the
 *                    rate of a large one.
 * Priorities put the next panel first: a task on column j outranks every
 * task on later columns; within a column the panel outranks the swaps,
 * which outrank the updates; the interchanges left of the panel (L's
 * rows, as LAPACK's ?GETRF leaves them) come last. */
#include "config.h"

#include "algo/lu_grid.h"
#include "kernels/lu_grid_kernels.h"
#include "algo/panel_pack_tasks.h"
#include "kernels/lu_spread_part.h"
#include "algo/strip_tasks.h"

enum { PRIO_LEFT = 0, PRIO_UPDATE = 1, PRIO_SWAP = 2, PRIO_PANEL = 3, PRIO_STRIDE = 4 };

/* Panels with rows of sub(A). */
static int diag_panels(const hs_geometry *g)
{
    return g->mt < g->np ? g->mt : g->np;
}

static int pivot_base(const hs_geometry *g)
{
    return g->mt * g->np;
}

static int buffer_tile(const hs_geometry *g, int k)
{
    return pivot_base(g) + g->np + k % hs_geometry_panel_buffers(g);
}

static int piece_tile(const hs_geometry *g, int j, int q)
{
    return pivot_base(g) + g->np + hs_geometry_panel_buffers(g) + j * g->nprow + q;
}

/* Whether panel k is gathered and factored on a GPU. */
static int device_panel(const hs_geometry *g, int k)
{
    return g->device_panels && g->panel[k].device;
}

/* The first of the strips' pack buffers (algo/strip_tasks.h). */
static int pack_base(const hs_geometry *g)
{
    return pivot_base(g) + g->np + hs_geometry_panel_buffers(g) + g->np * g->nprow;
}

/* With spread panels, g->spread_panels buffers of each grid position
 * (p npcol + q), then as many markers, after the pack buffers: panel k's
 * part uses set (k / npcol) mod spread_panels, homed on accelerator slot
 * 1 + set where the panels' tiles are on accelerators.  A rank's
 * columns take its accelerators in turn (hs_panel_slot), so with as many
 * sets as a rank has accelerators each set lies where its panels' tiles
 * do. */
static int spread_set(const hs_geometry *g, int k)
{
    return k / g->npcol % g->spread_panels;
}

static int spread_buffer(const hs_geometry *g, int prow, int pcol, int set)
{
    return pack_base(g) + hs_strip_pack_tiles(g)
           + (set * g->nprow + prow) * g->npcol + pcol;
}

static int spread_marker(const hs_geometry *g, int prow, int pcol, int set)
{
    return spread_buffer(g, prow, pcol, set) + g->spread_panels * g->nprow * g->npcol;
}

int hs_lu_grid_tile_count(const hs_geometry *g)
{
    return pack_base(g) + hs_strip_pack_tiles(g) + 2 * g->spread_panels * g->nprow * g->npcol;
}

static int owner(const hs_geometry *g, const int *rank_of, int r, int c)
{
    return rank_of[hs_tile_prow(g, r) * g->npcol + hs_panel_pcol(g, c)];
}

void hs_lu_grid_tile_homes(const hs_geometry *g, const int *rank_of, hs_tile_home *home)
{
    for (int c = 0; c < g->np; c++) {
        int w = g->panel[c].width;
        /* Columns on accelerators, their pieces with them. */
        int device = hs_panel_slot(g, c);
        for (int r = 0; r < g->mt; r++)
            home[hs_tile_id(g, r, c)] = (hs_tile_home){ .rank = owner(g, rank_of, r, c),
                                                        .device = device,
                                                        .m = hs_tile_height(g, r), .n = w };
        home[pivot_base(g) + c] =
            hs_lu_pivot_tile(g, c) < 0
                ? (hs_tile_home){ .rank = -1 }
                : (hs_tile_home){ .rank = owner(g, rank_of, c, c),
                                  .m = hs_lu_grid_piv_size(w), .n = 1 };
        for (int q = 0; q < g->nprow; q++)
            home[piece_tile(g, c, q)] = (hs_tile_home){
                .rank = rank_of[q * g->npcol + hs_panel_pcol(g, c)], .device = device,
                .m = g->H, .n = w, .variable = 1 };
    }
    /* Buffer s serves panels s, s + L, ...: as high as panel s's rows.
     * Only its home's tasks touch it (the gathers and scatters run
     * there); with device panels it lives on panel s's GPU. */
    for (int s = 0; s < hs_geometry_panel_buffers(g); s++)
        home[buffer_tile(g, s)] = (hs_tile_home){
            .rank = g->spread_panels ? -1 : owner(g, rank_of, s, s),
            .device = device_panel(g, s) ? hs_panel_slot(g, s) : 0,
            .m = g->n_rows - g->panel[s].col0, .n = g->panel[s].width, .stays = 1 };
    hs_strip_pack_homes(g, pack_base(g), g->strip_buffers, rank_of, home);
    /* A spread panel's part packs its process row's tiles where the
     * strips' packs put them (hs_strip_pack_row), in a buffer as tall as
     * those; its marker says it is packed (lu_spread_part.h). */
    for (int set = 0; set < g->spread_panels; set++)
        for (int p = 0; p < g->nprow; p++)
            for (int q = 0; q < g->npcol; q++) {
                int rank = rank_of[p * g->npcol + q], slot = g->device_panels ? 1 + set : 0;
                home[spread_buffer(g, p, q, set)] = (hs_tile_home){
                    .rank = rank, .device = slot, .m = hs_strip_pack_rows(g),
                    .n = hs_geometry_widest_panel(g), .stays = 1 };
                home[spread_marker(g, p, q, set)] =
                    (hs_tile_home){ .rank = rank, .device = slot, .m = 1, .n = 1 };
            }
}

static int priority(const hs_geometry *g, int column, int kind)
{
    return kind == PRIO_LEFT ? PRIO_LEFT : PRIO_STRIDE * (g->np - column) + kind;
}

static void dist_insert(void *dist, const hs_task_spec *spec)
{
    hs_dist_insert(dist, spec);
}

/* Panel k's tiles into (gather) or out of its buffer. */
static void pack(const hs_lu *lu, int k, int gather)
{
    const hs_geometry *g = lu->geo;
    hs_panel_pack_tasks(g, k, buffer_tile(g, k), g->panel[k].col0, gather,
                        priority(g, k, PRIO_PANEL), dist_insert, lu->dist);
}

static void panel(const hs_lu *lu, int k)
{
    const hs_geometry *g = lu->geo;
    int off = g->panel[k].col0;
    hs_lu_rows dist = lu->rows;
    dist.ia += off;
    dist.ja += off;
    int on_device = device_panel(g, k);
    hs_task_spec spec = { .kind = &hs_kind_lu_grid_panel, .host_only = !on_device,
                          .priority = priority(g, k, PRIO_PANEL), .urgent = 1, .nacc = 2,
                          .acc = { { buffer_tile(g, k), HS_RW },
                                   { hs_lu_pivot_tile(g, k), HS_W } },
                          .ctx = lu->caller };
    hs_lu_grid_panel_args_put(spec.iparam, (hs_lu_grid_panel_args){ .rows = g->n_rows - off,
                                                                     .team = lu->team,
                                                                     .dist = dist });
    hs_dist_insert(lu->dist, &spec);
    if (!on_device)
        return;
    /* The moves, from the pivots' host copy, for the interchanges' tasks
     * (which read it there). */
    hs_task_spec moves = { .kind = &hs_kind_lu_grid_moves, .host_only = 1,
                           .priority = priority(g, k, PRIO_PANEL), .nacc = 1,
                           .acc = { { hs_lu_pivot_tile(g, k), HS_RW } } };
    hs_lu_grid_moves_args_put(moves.iparam, (hs_lu_grid_moves_args){
                                                .kk = hs_lu_pivots(g->n_rows, off,
                                                                   g->panel[k].width) });
    hs_dist_insert(lu->dist, &moves);
}

/* Panel k where its rows lie (kernels/lu_spread_part.h): each process
 * row that holds some packs them, says so with its marker, and factors
 * them once every other part has said so too, then unpacks them.  A
 * part waits in its exchanges for the others to run: the markers make
 * every part start only once all are packed, and every rank inserts the
 * markers' writers and the parts as one group, so that no part waits on
 * work its peers' ranks have yet to do or to insert. */
static void spread_panel(const hs_lu *lu, int k)
{
    const hs_geometry *g = lu->geo;
    int off = g->panel[k].col0, rows = g->n_rows - off, prio = priority(g, k, PRIO_PANEL);
    int ptop = hs_tile_prow(g, k), pcol = hs_panel_pcol(g, k), set = spread_set(g, k);
    int members = hs_lu_spread_members(rows, g->H, g->nprow);
    for (int m = 0; m < members; m++)
        hs_panel_rows_pack_tasks(g, k, k + m,
                                 spread_buffer(g, (ptop + m) % g->nprow, pcol, set), prio, 1,
                                 dist_insert, lu->dist);
    /* The markers' writers, then the parts (which read this panel's
     * markers: after every writer), as one group (with_next) */
    for (int m = 0; m < members; m++) {
        int q = (ptop + m) % g->nprow;
        hs_task_spec ready = { .kind = &hs_kind_lu_spread_ready, .priority = prio,
                               .urgent = 1, .nacc = 2,
                               .with_next = m == 0 ? 2 * members - 1 : 0,
                               .acc = { { spread_marker(g, q, pcol, set), HS_W },
                                        { spread_buffer(g, q, pcol, set), HS_R } } };
        hs_dist_insert(lu->dist, &ready);
    }
    for (int m = 0; m < members; m++) {
        int q = (ptop + m) % g->nprow;
        hs_task_spec part = { .kind = &hs_kind_lu_spread_part, .priority = prio,
                              .urgent = 1, .nacc = 1, .ignore_status = 1,
                              .acc = { { spread_buffer(g, q, pcol, set), HS_RW } },
                              .ctx = lu->spread };
        if (m == 0)
            hs_task_spec_add(&part, hs_lu_pivot_tile(g, k), HS_W | HS_ON_HOST);
        for (int o = 0; o < members; o++)
            if (o != m)
                hs_task_spec_add(&part, spread_marker(g, (ptop + o) % g->nprow, pcol, set),
                                 HS_R | HS_ON_HOST);
        hs_lu_spread_part_args_put(part.iparam, (hs_lu_spread_part_args){
                                                    .off = off, .rows = rows, .H = g->H,
                                                    .nprow = g->nprow, .ptop = ptop,
                                                    .pcol = pcol, .q = q,
                                                    .row0 = hs_strip_pack_row(g, k + m),
                                                    .w = g->panel[k].width });
        hs_dist_insert(lu->dist, &part);
    }
    for (int m = 0; m < members; m++)
        hs_panel_rows_unpack_tasks(g, k, k + m,
                                   spread_buffer(g, (ptop + m) % g->nprow, pcol, set), prio, 1,
                                   dist_insert, lu->dist);
}

/* Panel k's interchanges on column j (solve: right of the panel, where
 * the top tile then becomes U12); on the urgent streams for the next
 * panel's column, which the next panel waits for. */
static void swap(const hs_lu *lu, int k, int j, int solve)
{
    const hs_geometry *g = lu->geo;
    int off = g->panel[k].col0, rows = g->n_rows - off, piv = hs_lu_pivot_tile(g, k);
    int top = hs_tile_id(g, k, j), kk = hs_lu_pivots(g->n_rows, off, g->panel[k].width);
    int prio = priority(g, j, solve ? PRIO_SWAP : PRIO_LEFT), next = j == k + 1;
    int npieces = 0;
    hs_lu_grid_top_args top_args = { .kk = kk, .H = g->H, .nprow = g->nprow,
                                     .ptop = hs_tile_prow(g, k), .flags = HS_LU_GRID_TOP_FIRST };
    int per_task = solve ? HS_LU_GRID_TOP_PIECES - 1 : HS_LU_GRID_TOP_PIECES;
    hs_task_spec top_spec = { .kind = &hs_kind_lu_grid_top, .priority = prio, .urgent = next };

    /* Each process row's tiles below the top tile: its visits, and its
     * piece for the top tile's tasks, which take per_task pieces each
     * (the first also the top tile's own rows, the last the solve). */
    for (int step = 1; step <= g->nprow; step++) {
        int q = (hs_tile_prow(g, k) + step) % g->nprow;
        int i = k + step;
        if (i >= g->mt)
            continue;
        int piece = piece_tile(g, j, q);
        while (i < g->mt) {
            hs_task_spec visit = { .kind = &hs_kind_lu_grid_visit, .priority = prio,
                                   .urgent = next };
            hs_lu_grid_visit_args args = { .off = off, .rows = rows, .H = g->H,
                                           .nprow = g->nprow, .ptop = hs_tile_prow(g, k),
                                           .q = q };
            for (int n = 0; n < HS_LU_GRID_VISIT_TILES && i < g->mt; n++, i += g->nprow) {
                args.row0[n] = i * g->H;
                hs_task_spec_add(&visit, hs_tile_id(g, i, j), HS_RW);
            }
            hs_task_spec_add(&visit, piece, HS_RW);
            hs_task_spec_add(&visit, top, HS_R);
            hs_task_spec_add(&visit, piv, HS_R | HS_ON_HOST);
            hs_lu_grid_visit_args_put(visit.iparam, args);
            hs_dist_insert(lu->dist, &visit);
        }
        npieces++;
    }
    /* The top tile's tasks: the pieces in the same process-row order. */
    int left = npieces, step = 1;
    do {
        int take = left < per_task ? left : per_task;
        left -= take;
        top_spec.nacc = 0;
        hs_task_spec_add(&top_spec, top, HS_RW);
        hs_task_spec_add(&top_spec, piv, HS_R | HS_ON_HOST);
        if (solve && left == 0) {
            top_args.flags |= HS_LU_GRID_TOP_SOLVE;
            hs_task_spec_add(&top_spec, hs_tile_id(g, k, k), HS_R);
        }
        for (int n = 0; n < take; step++) {
            int q = (hs_tile_prow(g, k) + step) % g->nprow;
            if (k + step >= g->mt)
                continue;
            top_args.prow[n++] = q;
            hs_task_spec_add(&top_spec, piece_tile(g, j, q), HS_R);
        }
        hs_lu_grid_top_args_put(top_spec.iparam, top_args);
        hs_dist_insert(lu->dist, &top_spec);
        top_args.flags &= ~HS_LU_GRID_TOP_FIRST;
    } while (left > 0);
}

/* Panel k's update of column j: A(i, j) -= L(i, k) U(k, j) for i > k. */
static void update(const hs_lu *lu, int k, int j, int kk)
{
    const hs_geometry *g = lu->geo;
    int prio = priority(g, j, PRIO_UPDATE), next = j == k + 1;
    int packed = hs_panel_pcol(g, j) != hs_panel_pcol(g, k);
    if (!lu->strips || (packed && !g->strip_buffers)) {
        for (int i = k + 1; i < g->mt; i++) {
            hs_task_spec gemm = { .kind = &hs_kind_lu_grid_gemm, .priority = prio,
                                  .urgent = next, .nacc = 3,
                                  .acc = { { hs_tile_id(g, i, j), HS_RW },
                                           { hs_tile_id(g, i, k), HS_R },
                                           { hs_tile_id(g, k, j), HS_R } } };
            hs_lu_grid_gemm_args_put(gemm.iparam, (hs_lu_grid_gemm_args){ .kk = kk });
            hs_dist_insert(lu->dist, &gemm);
        }
        return;
    }
    /* Each process row's tiles below row k, HS_LU_GRID_STRIP_TILES at a
     * time, or on another process column than the panel's
     * HS_LU_GRID_STRIP_PACKED_TILES, the panel's rows from the pack
     * buffer (hs_strip_pack_panel). */
    for (int step = 1; step <= g->nprow; step++)
        for (int i = k + step; i < g->mt;) {
            hs_task_spec strip = { .kind = &hs_kind_lu_grid_gemm_strip, .priority = prio,
                                   .urgent = next, .host_only = 1 };
            int row0 = hs_strip_pack_row(g, i);
            int buf = hs_strip_pack_buffer(g, pack_base(g), k, j, i);
            int n = hs_strip_add_tiles(&strip, g, &j, 1, k, &i,
                                       packed ? HS_LU_GRID_STRIP_PACKED_TILES
                                              : HS_LU_GRID_STRIP_TILES,
                                       HS_RW, buf);
            hs_task_spec_add(&strip, hs_tile_id(g, k, j), HS_R);
            hs_lu_grid_strip_args_put(strip.iparam, (hs_lu_grid_strip_args){
                                                        .kk = kk, .tiles = n,
                                                        .packed = packed, .row0 = row0 });
            hs_dist_insert(lu->dist, &strip);
        }
}

void hs_lu_grid_generate(void *arg)
{
    const hs_lu *lu = arg;
    const hs_geometry *g = lu->geo;

    for (int k = 0; k < diag_panels(g); k++) {
        int off = g->panel[k].col0, kk = hs_lu_pivots(g->n_rows, off, g->panel[k].width);
        if (g->spread_panels) {
            spread_panel(lu, k);
        } else {
            pack(lu, k, 1);
            panel(lu, k);
            pack(lu, k, 0);
        }
        if (lu->strips && g->strip_buffers)
            hs_strip_pack_panel(g, k, k + 1, pack_base(g), priority(g, k + 1, PRIO_SWAP),
                                dist_insert, lu->dist);
        for (int j = k + 1; j < g->np; j++) {
            swap(lu, k, j, 1);
            update(lu, k, j, kk);
            /* U12's tile is final: later panels' rows lie below it. */
            hs_dist_final(lu->dist, hs_tile_id(g, k, j), priority(g, j, PRIO_UPDATE));
        }
        for (int j = 0; j < k; j++)
            swap(lu, k, j, 0);
        /* Column k's copies elsewhere are done with: later panels only
         * interchange its rows. */
        for (int i = k; i < g->mt; i++)
            hs_dist_flush(lu->dist, hs_tile_id(g, i, k));
    }
    /* The rest: L's tiles, and the columns right of a wide matrix's
     * last panel (the tiles of a panel's row right of it are final). */
    for (int c = 0; c < g->np; c++)
        for (int r = c < diag_panels(g) ? c : diag_panels(g); r < g->mt; r++)
            hs_dist_final(lu->dist, hs_tile_id(g, r, c), PRIO_LEFT);
    hs_dist_finish(lu->dist);
}
