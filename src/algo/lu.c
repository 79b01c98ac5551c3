/* LU on a single tile row (see lu.h).  For each panel k with rows:
 *   lu_panel     ?GETRF of the panel from its diagonal down (on the
 *                panel's device, or on the host when the call says so);
 *   lu_column    for every later column tile j: the panel's interchanges,
 *                U12 = L11^-1 A12 and A22 -= L21 U12 (one task per j, on
 *                the device of column j);
 * then each column tile takes the interchanges of the panels right of it
 * (lu_swap_left, several panels per task, in panel order, host), as
 * LAPACK's ?GETRF leaves L: once every panel is factored, or, when
 * columns live on accelerators, a group of panels at a time during the
 * factorization (each panel's column comes home as soon as it is done).  Priorities put the
 * next panel first: a task on column j outranks every task on later
 * columns, so the update that the next panel waits for runs first
 * (lookahead), and the left interchanges come last. */
#include "config.h"

#include "algo/lu.h"
#include "kernels/lu_kernels.h"

enum { PRIO_SWAP = 0, PRIO_UPDATE = 1, PRIO_PANEL = 2, PRIO_STRIDE = 3 };

int hs_lu_tile_count(const hs_geometry *geo)
{
    return 2 * geo->np;
}

int hs_lu_pivot_tile(const hs_geometry *geo, int k)
{
    return geo->panel[k].col0 < geo->n_rows ? geo->mt * geo->np + k : -1;
}

/* The b-wide pieces of one top-level column share an accelerator slot
 * (hs_panel_slot), so that the next panel is mostly on the GPU that
 * factored the last one: the panel then crosses to the other GPUs beside
 * the critical path, not on it. */
void hs_lu_tile_homes(const hs_geometry *g, const int *rank_of, hs_tile_home *home)
{
    for (int c = 0; c < g->np; c++) {
        int rank = rank_of[hs_panel_pcol(g, c)], w = g->panel[c].width;
        home[hs_tile_id(g, 0, c)] = (hs_tile_home){ .rank = rank, .m = g->n_rows, .n = w,
                                                    .device = hs_panel_slot(g, c) };
        /* Ints in values of at least 4 bytes: one int a value. */
        home[g->mt * g->np + c] = hs_lu_pivot_tile(g, c) < 0
                              ? (hs_tile_home){ .rank = -1 }
                              : (hs_tile_home){ .rank = rank, .m = HS_LU_PIV_HEAD + w, .n = 1 };
    }
}

static int priority(const hs_geometry *g, int column, int kind)
{
    return kind == PRIO_SWAP ? PRIO_SWAP : PRIO_STRIDE * (g->np - column) + kind;
}

/* The interchanges of panels [from, to) right of column j, in order, a
 * few pivot tiles per task. */
static void swap_left(const hs_lu *lu, int j, int from, int to)
{
    const hs_geometry *g = lu->geo;
    hs_task_spec spec = { .kind = &hs_kind_lu_swap_left,
                          .priority = priority(g, j, PRIO_SWAP), .nacc = 1,
                          .acc = { { hs_tile_id(g, 0, j), HS_RW } } };
    hs_lu_swap_args args = { { 0 } };
    for (int k = from > j + 1 ? from : j + 1; k < to && hs_lu_pivot_tile(g, k) >= 0; k++) {
        args.off[spec.nacc - 1] = g->panel[k].col0;
        hs_task_spec_add(&spec, hs_lu_pivot_tile(g, k), HS_R);
        if (spec.nacc == HS_GROUP_ACCESSES) {
            hs_lu_swap_args_put(spec.iparam, args);
            hs_dist_insert(lu->dist, &spec);
            spec.nacc = 1;
        }
    }
    if (spec.nacc > 1) {
        hs_lu_swap_args_put(spec.iparam, args);
        hs_dist_insert(lu->dist, &spec);
    }
}

/* Whether any column tile lives on an accelerator: its left interchanges
 * then run on the host during the factorization, a task per column for
 * every SWAP_GROUP panels, while the accelerators update later columns
 * (the host cores are mostly idle then); otherwise, and for the last
 * panels, at the end. */
enum { SWAP_GROUP = HS_GROUP_ACCESSES - 1 };

static int columns_on_accelerators(const hs_geometry *g)
{
    for (int c = 0; c < g->np; c++)
        if (g->panel[c].device)
            return 1;
    return 0;
}

void hs_lu_generate(void *arg)
{
    const hs_lu *lu = arg;
    const hs_geometry *g = lu->geo;
    int early_swaps = columns_on_accelerators(g), swapped = 0;

    for (int k = 0; k < g->np; k++) {
        int piv = hs_lu_pivot_tile(g, k), panel = hs_tile_id(g, 0, k);
        if (piv < 0)
            break;
        hs_task_spec spec = {
            .kind = &hs_kind_lu_panel, .host_only = lu->host_panels,
            .priority = priority(g, k, PRIO_PANEL), .urgent = 1, .nacc = 2,
            .acc = { { panel, HS_RW }, { piv, HS_W } }, .ctx = lu->caller };
        hs_lu_panel_args_put(spec.iparam,
                             (hs_lu_panel_args){ .off = g->panel[k].col0, .rows = lu->rows,
                                                 .team = lu->team });
        hs_dist_insert(lu->dist, &spec);
        int off = g->panel[k].col0, kk = hs_lu_pivots(g->n_rows, off, g->panel[k].width);
        for (int j = k + 1; j < g->np; j++) {
            hs_task_spec column = {
                .kind = &hs_kind_lu_column,
                .priority = priority(g, j, PRIO_UPDATE), .urgent = j == k + 1, .nacc = 3,
                .acc = { { hs_tile_id(g, 0, j), HS_RW }, { panel, HS_R }, { piv, HS_R } } };
            hs_lu_column_args_put(column.iparam, (hs_lu_column_args){ .off = off, .kk = kk });
            hs_dist_insert(lu->dist, &column);
        }
        /* Its copies elsewhere are done with; the interchanges of later
         * panels still change it here, on the host (swap_left): it goes
         * home now, while the accelerators work on later columns, rather
         * than with every other column at the end. */
        hs_dist_flush(lu->dist, panel);
        hs_dist_bring_home(lu->dist, panel, priority(g, k, PRIO_SWAP));
        if (early_swaps && k + 1 - swapped == SWAP_GROUP) {
            for (int j = 0; j < k; j++)
                swap_left(lu, j, swapped, k + 1);
            swapped = k + 1;
        }
    }
    for (int j = 0; j < g->np; j++) {
        swap_left(lu, j, swapped, g->np);
        hs_dist_final(lu->dist, hs_tile_id(g, 0, j), priority(g, j, PRIO_SWAP));
    }
    hs_dist_finish(lu->dist);
}
