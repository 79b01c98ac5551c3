/* Gather and scatter tasks of a gathered panel (see panel_pack_tasks.h). */
#include "config.h"

#include "algo/panel_pack_tasks.h"
#include "algo/strip_tasks.h"
#include "kernels/panel_pack.h"

void hs_panel_pack_tasks(const hs_geometry *g, int k, int buf, int base, int gather,
                         int priority, hs_insert_fn insert, void *ctx)
{
    int t0 = hs_panel_diag_row(g, k);
    for (int r = t0; r < g->mt;) {
        hs_task_spec spec = { .kind = gather ? &hs_kind_panel_gather : &hs_kind_panel_scatter,
                              .priority = priority, .urgent = 1, .nacc = 1,
                              .acc = { { buf, gather && r == t0 ? HS_W : HS_RW } } };
        hs_panel_rows_args args = { .off = base };
        for (; r < g->mt && spec.nacc < HS_GROUP_ACCESSES; r++) {
            args.row0[spec.nacc - 1] = r * g->H;
            hs_task_spec_add(&spec, hs_tile_id(g, r, k), gather ? HS_R : HS_W);
        }
        hs_panel_rows_args_put(spec.iparam, args);
        insert(ctx, &spec);
    }
}

/* A process row's tiles of panel k from tile row r0 into buf (gather)
 * or back (scatter), at the strips' rows (hs_strip_pack_row). */
static void rows_tasks(const hs_geometry *g, int k, int r0, int buf, int priority, int urgent,
                       int gather, hs_insert_fn insert, void *ctx)
{
    for (int r = r0; r < g->mt;) {
        hs_task_spec spec = { .kind = gather ? &hs_kind_panel_gather : &hs_kind_panel_scatter,
                              .priority = priority, .urgent = urgent, .nacc = 1,
                              .acc = { { buf, gather && r == r0 ? HS_W : HS_RW } } };
        hs_panel_rows_args args = { .off = 0 };
        for (; r < g->mt && spec.nacc < HS_GROUP_ACCESSES; r += g->nprow) {
            args.row0[spec.nacc - 1] = hs_strip_pack_row(g, r);
            hs_task_spec_add(&spec, hs_tile_id(g, r, k), gather ? HS_R : HS_W);
        }
        hs_panel_rows_args_put(spec.iparam, args);
        insert(ctx, &spec);
    }
}

void hs_panel_rows_pack_tasks(const hs_geometry *g, int k, int r0, int buf, int priority,
                              int urgent, hs_insert_fn insert, void *ctx)
{
    rows_tasks(g, k, r0, buf, priority, urgent, 1, insert, ctx);
}

void hs_panel_rows_unpack_tasks(const hs_geometry *g, int k, int r0, int buf, int priority,
                                int urgent, hs_insert_fn insert, void *ctx)
{
    rows_tasks(g, k, r0, buf, priority, urgent, 0, insert, ctx);
}

void hs_strip_pack_panel(const hs_geometry *g, int k, int r0, int first, int priority,
                         hs_insert_fn insert, void *ctx)
{
    for (int q = 0; q < g->npcol; q++) {
        if (q == hs_panel_pcol(g, k) || !hs_strip_columns_on(g, k, q))
            continue;
        int set = hs_strip_pack_set(g, k, q);
        int urgent = k + 1 < g->np && hs_panel_pcol(g, k + 1) == q;
        for (int r = r0; r < g->mt && r < r0 + g->nprow; r++)
            hs_panel_rows_pack_tasks(g, k, r,
                                     hs_strip_pack_tile(g, first, q, hs_tile_prow(g, r), set),
                                     priority, urgent, insert, ctx);
    }
}
