/* Tile Cholesky, lower (on tiles kept transposed, the upper factor, whose
 * blocks are the lower factor's conjugate transposes, by the kernels' upper
 * forms): for each column panel k, factor its diagonal block
 * (and the rows below it in the same tile; on the panel's device, or on
 * the host when the call says so), solve the tiles below, update every trailing tile
 * (on each tile's home device; with the tiles in the caller's array, a
 * column on the panel's process column in strips of each process row's
 * tiles, gemm_strip: there they lie one below the other, beside the
 * panel's, or side by side when kept transposed, and one GEMM covers
 * several, where tile-sized GEMMs ran well below the rate of a large
 * one; on the other process columns, the lower factor's strips read
 * the panel's rows packed in one buffer a rank, algo/strip_tasks.h).
 * Priorities put the next panel first: a task on
 * panel j outranks every task on panels after j, and within a panel the
 * factorization outranks the solves, which outrank the updates. */
#include "config.h"

#include "algo/cholesky.h"
#include "algo/panel_pack_tasks.h"
#include "algo/strip_tasks.h"
#include "kernels/cholesky_kernels.h"

enum { PRIO_UPDATE = 0, PRIO_TRSM = 1, PRIO_POTRF = 2, PRIO_STRIDE = 3 };

/* The first of the strips' pack buffers (algo/strip_tasks.h), for the
 * lower factor's tiles in place, after the matrix's. */
static int pack_base(const hs_geometry *geo)
{
    return geo->mt * geo->np;
}

static int packs(const hs_geometry *geo)
{
    return geo->strip_buffers && !geo->transposed;
}

int hs_cholesky_tile_count(const hs_geometry *geo)
{
    return pack_base(geo) + hs_strip_pack_tiles(geo);
}

void hs_cholesky_tile_homes(const hs_geometry *geo, const int *rank_of,
                            hs_tile_home *home)
{
    hs_strip_pack_homes(geo, pack_base(geo), packs(geo) ? geo->strip_buffers : 0, rank_of, home);
    for (int c = 0; c < geo->np; c++) {
        for (int r = 0; r < geo->mt; r++) {
            hs_tile_home *h = &home[hs_tile_id(geo, r, c)];
            if (r < hs_panel_diag_row(geo, c)) {
                h->rank = -1;
                continue;
            }
            int prow, pcol;
            hs_tile_position(geo, r, c, &prow, &pcol);
            h->rank = rank_of[prow * geo->npcol + pcol];
            h->device = hs_panel_slot(geo, c);
            /* As stored: a tile kept transposed is its panel's width high. */
            h->m = geo->transposed ? geo->panel[c].width : hs_tile_height(geo, r);
            h->n = geo->transposed ? hs_tile_height(geo, r) : geo->panel[c].width;
        }
    }
}

static int priority(const hs_geometry *geo, int panel, int kind)
{
    return PRIO_STRIDE * (geo->np - panel) + kind;
}

/* Panel k's GEMMs on column j below its diagonal tile row tj, each
 * process row's tiles HS_CHOL_STRIP_TILES at a time, or on another
 * process column than the panel's HS_CHOL_STRIP_PACKED_TILES, the
 * panel's rows from the pack buffer (hs_strip_pack_panel). */
static void update_strips(const hs_cholesky *ch, int k, int j, int tj, hs_chol_update_args u)
{
    const hs_geometry *geo = ch->geo;
    for (int step = 1; step <= geo->nprow; step++)
        for (int r = tj + step; r < geo->mt;) {
            hs_task_spec strip = { .kind = &hs_kind_chol_gemm_strip, .host_only = 1,
                                   .priority = priority(geo, j, PRIO_UPDATE),
                                   .urgent = j == k + 1 };
            int row0 = hs_strip_pack_row(geo, r);
            int buf = hs_strip_pack_buffer(geo, pack_base(geo), k, j, r), packed = buf >= 0;
            int n = hs_strip_add_tiles(&strip, geo, &j, 1, k, &r,
                                       packed ? HS_CHOL_STRIP_PACKED_TILES : HS_CHOL_STRIP_TILES,
                                       HS_RW, buf);
            hs_task_spec_add(&strip, hs_tile_id(geo, tj, k), HS_R);
            hs_chol_strip_args_put(strip.iparam, (hs_chol_strip_args){
                                                     .off = u.off, .w = u.w, .k = u.k,
                                                     .upper = u.upper, .tiles = n,
                                                     .packed = packed, .row0 = row0 });
            hs_dist_insert(ch->dist, &strip);
        }
}

static void dist_insert(void *dist, const hs_task_spec *spec)
{
    hs_dist_insert(dist, spec);
}

void hs_cholesky_generate(void *arg)
{
    hs_cholesky *ch = arg;
    const hs_geometry *geo = ch->geo;
    hs_dist *d = ch->dist;
    int upper = geo->transposed;

    for (int k = 0; k < geo->np; k++) {
        const hs_panel *pk = &geo->panel[k];
        int tk = hs_panel_diag_row(geo, k), diag = hs_tile_id(geo, tk, k);

        hs_task_spec potrf = {
            .kind = &hs_kind_chol_potrf, .host_only = ch->host_panels,
            .priority = priority(geo, k, PRIO_POTRF), .urgent = 1,
            .nacc = 1, .acc = { { diag, HS_RW } } };
        hs_chol_potrf_args_put(potrf.iparam,
                               (hs_chol_potrf_args){ .off = hs_panel_diag_offset(geo, k),
                                                     .w = pk->width, .col0 = pk->col0,
                                                     .team = ch->team && !upper,
                                                     .upper = upper });
        hs_dist_insert(d, &potrf);

        for (int r = tk + 1; r < geo->mt; r++) {
            hs_task_spec trsm = {
                .kind = &hs_kind_chol_trsm,
                .priority = priority(geo, k, PRIO_TRSM), .urgent = 1,
                .nacc = 2, .acc = { { diag, HS_R }, { hs_tile_id(geo, r, k), HS_RW } } };
            hs_chol_trsm_args_put(trsm.iparam, (hs_chol_trsm_args){
                                                   .off = hs_panel_diag_offset(geo, k),
                                                   .w = pk->width, .upper = upper });
            hs_dist_insert(d, &trsm);
        }

        /* The strips of a later column read the rows below its diagonal
         * tile row, the next column's the highest. */
        if (ch->strips && packs(geo) && k + 1 < geo->np)
            hs_strip_pack_panel(geo, k, hs_panel_diag_row(geo, k + 1) + 1, pack_base(geo),
                                priority(geo, k + 1, PRIO_TRSM), dist_insert, d);
        for (int j = k + 1; j < geo->np; j++) {
            const hs_panel *pj = &geo->panel[j];
            int tj = hs_panel_diag_row(geo, j), oj = hs_panel_diag_offset(geo, j);
            int src = hs_tile_id(geo, tj, k);
            hs_chol_update_args args = { .off = oj, .w = pj->width, .k = pk->width,
                                         .upper = upper };
            int next = j == k + 1;   /* the next panel's column: it waits for it */

            hs_task_spec syrk = {
                .kind = &hs_kind_chol_syrk,
                .priority = priority(geo, j, PRIO_UPDATE), .urgent = next,
                .nacc = 2, .acc = { { src, HS_R }, { hs_tile_id(geo, tj, j), HS_RW } } };
            hs_chol_update_args_put(syrk.iparam, args);
            hs_dist_insert(d, &syrk);

            int strips = ch->strips
                         && (packs(geo) || hs_panel_pcol(geo, j) == hs_panel_pcol(geo, k));
            if (strips)
                update_strips(ch, k, j, tj, args);
            for (int r = tj + 1; r < geo->mt && !strips; r++) {
                hs_task_spec gemm = {
                    .kind = &hs_kind_chol_gemm,
                    .priority = priority(geo, j, PRIO_UPDATE), .urgent = next,
                    .nacc = 3,
                    .acc = { { hs_tile_id(geo, r, k), HS_R }, { src, HS_R },
                             { hs_tile_id(geo, r, j), HS_RW } } };
                hs_chol_update_args_put(gemm.iparam, args);
                hs_dist_insert(d, &gemm);
            }
        }
        /* Panel k is final: nothing reads it again; it goes home now. */
        for (int r = tk; r < geo->mt; r++)
            hs_dist_final(d, hs_tile_id(geo, r, k), priority(geo, k, PRIO_UPDATE));
    }
    hs_dist_finish(d);
}
