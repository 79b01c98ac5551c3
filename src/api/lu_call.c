/* P?GETRF's table for the call driver (see lu_call.h).  The tiles are one
 * tile row of b-wide columns, cyclic over all the grid's processes (one
 * process row of them, as ScaLAPACK's columns on a 1 x P grid): each
 * panel's pivot search is then one ?GETRF on its home.  The finishing
 * step gathers the pivots (each panel's lie at its home; one
 * MPI_Allreduce of the min(M, N) values gives every rank all of them),
 * writes IPIV where ScaLAPACK's P?GETRF writes it and finds INFO. */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "algo/lu.h"
#include "algo/lu_grid.h"
#include "kernels/lu_spread_part.h"
#include "api/call_driver.h"
#include "api/lu_call.h"
#include "plan/panel_placement.h"
#include "include/hetscal.h"
#include "kernels/lu_kernels.h"
#include "layout/desc.h"
#include "util/config.h"

/* Real flops of the real factorization, leading terms (m n^2 - n^3/3 for
 * m >= n; complex: 4 times as many, hs_call_run scales them). */
static double lu_flops(int rows, int cols)
{
    double m = rows, n = cols;
    return m >= n ? m * n * n - n * n * n / 3.0 : n * m * m - m * m * m / 3.0;
}

/* Host panels: hs_column_panel_width (util/config.h), LU's program being
 * one tile row of whole columns; on 2 workers and square matrices it is
 * the square tile rule's width, on wide nodes narrower.  With GPUs that
 * factor the panels, hs_call_device_panel_width's. */
static int panel_width(const hs_call *c, int host_panels)
{
    const hs_config *cfg = c->cfg;
    int big = c->m > c->n ? c->m : c->n;
    int device = cfg->accel_ranks > 0 && !host_panels ? hs_call_device_panel_width(cfg, c->n) : 0;
    int b = cfg->nb_small ? cfg->nb_small
            : device      ? device
                          : hs_column_panel_width(c->n, cfg->grid_threads);
    if (b > big)
        b = big;
    return b < 1 ? 1 : b;
}

/* One tile row of b-wide columns on one process row of all the grid's
 * processes.  With accelerators, each top-level column (of width B, as
 * for the other routines) keeps its first B - Bg columns on the host and
 * gives the rest to one of its rank's GPUs, still in b-wide columns:
 * their panels are factored there (one ?GETRF on the GPU; on the host
 * with HETSCAL_PANELS=host), and so are their trailing updates
 * (interchanges, TRSM, GEMM).  Bg-wide panels would make each update one
 * wide GEMM, but each step's panel would then cross to another GPU on
 * the critical path, which costs more (doc/PERFORMANCE.md). */
/* Where every grid process's A lies (its address modulo HS_LU_ALIGN, its
 * LLD), for the pivot search of panels that hold a NaN or an infinity
 * (kernels/lu_pivot_search.h), in the panel kernel's ctx form: CSRC_A,
 * then two ints per grid position.  Collective; NULL for a simulated
 * grid, or when some rank has no memory for it (the search then takes
 * every A as aligned, with LLD = LOCr(M_A)). */
enum { STACK_RANKS = 256 };

static int *gather_caller_layout(const hs_call *c)
{
    const hetscal_grid *g = c->grid;
    if (g->comm == MPI_COMM_NULL)
        return NULL;
    int mine[2] = { (int)((uintptr_t)c->a % HS_LU_ALIGN), c->desca[HS_LLD] };
    /* Up to STACK_RANKS ranks the gather lands on the stack: one
     * collective; above, every rank must first know that all could
     * allocate (the grid's size decides the same way everywhere). */
    int stack[2 * STACK_RANKS], *all = stack;
    if (g->size > STACK_RANKS) {
        all = malloc(2 * (size_t)g->size * sizeof *all);
        int ok = all != NULL;
        MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, g->comm);
        if (!ok) {
            free(all);
            return NULL;
        }
    }
    MPI_Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, g->comm);
    int npos = g->nprow * g->npcol;
    int *layout = malloc((1 + 2 * (size_t)npos) * sizeof *layout);
    if (layout) {
        layout[0] = c->desca[HS_CSRC];
        for (int k = 0; k < npos; k++) {
            layout[1 + 2 * k] = all[2 * g->rank_of[k]];
            layout[2 + 2 * k] = all[2 * g->rank_of[k] + 1];
        }
    }
    if (all != stack)
        free(all);
    return layout;
}

/* Whether the accelerator columns' panels would be factored on the host
 * (the cost, or HETSCAL_PANELS, at the GPUs' panel width). */
static int panels_on_host(const hs_call *c)
{
    return c->cfg->accel_ranks > 0
           && hs_panels_on_host(c->cfg, HS_PANEL_GETRF, c->m, c->n, HS_DEVICE_PANEL_WIDE,
                                c->prec);
}

/* Whether the call's tiles lie on the caller's 2-D grid (algo/
 * lu_grid.h) rather than on one tile row of whole columns: only with
 * several process rows; then as HETSCAL_LU_GRID says, by default when
 * the grid has GRID_RANKS processes (LAYOUT_GRID), or without
 * accelerators when the average share passes HS_GRID_SHARE_BYTES and
 * the caller's blocks can be the tiles, in place (LAYOUT_GRID_IN_PLACE;
 * blocks from HS_SMALL_BLOCKS_FROM up, below half the default tile too:
 * on 2 x 1 and 2 x 2 at N = 8000, 128-blocks in place ran 1.4 to 2 times
 * faster than the reference with 0.24 to 0.37 times the share extra,
 * where the single tile row of 512-wide columns took 1.5 times and ran
 * up to a fifth faster still: doc/PERFORMANCE.md, session 66).
 * With accelerators only where their panels are factored on the GPUs
 * (the 2-D layout's gathered panels on the host cores put them on the
 * critical path), and where the grid spans as many nodes as a row of
 * gpu_grid_from with at least its share a node: the model's crossovers
 * on H100 nodes with one, two and four processes a node, which agree
 * (doc/PERFORMANCE.md, session 82): on 4 nodes the single tile row
 * ahead at 0.75 and 1.5 GiB a node, within 8% either way at 3, the 2-D
 * layout 1.03 to 1.67 times faster from 6; on 8 nodes 0.94 at 0.37
 * GiB, 1.08 to 2.42 from 1.5; on 16, 0.91 at 0.19 and 1.46 to 2.43
 * from 0.75;
 * on one or two nodes the single tile row ahead but once (1.07 on 2 x 1
 * at 12 GiB a node).  Every rank takes each of the single tile row's
 * panels whole, which stops scaling on many processes and nodes; the
 * 2-D panels' gather and scatter over a process column cross the
 * network too, which only large shares a node repay on a few nodes.  It
 * copies whole columns (1.5 times the share at
 * its peak), where the 2-D grid in place keeps 0.4 times.  The 2-D grid
 * with copied tiles holds as much as the single tile row (1.47 times on
 * 2 x 1, N = 8000), so there the single tile row's few large tasks, 1.05
 * to 1.3 times faster on a few ranks of one node, decide
 * (doc/PERFORMANCE.md). */
enum { GRID_RANKS = 8 };
static const struct {
    int nodes;
    double gib;   /* share a node, GiB */
} gpu_grid_from[] = { { 16, 0.5 }, { 8, 1 }, { 4, 4 } };
enum { LAYOUT_ONE_ROW = 0, LAYOUT_GRID = 1, LAYOUT_GRID_IN_PLACE = 2 };

static int gpu_grid(const hs_call *c, int host_panels)
{
    if (host_panels)
        return 0;
    double gib = hs_call_node_share(c) / (1024.0 * 1024 * 1024);
    for (size_t k = 0; k < sizeof gpu_grid_from / sizeof gpu_grid_from[0]; k++)
        if (c->cfg->grid_nodes >= gpu_grid_from[k].nodes && gib >= gpu_grid_from[k].gib)
            return 1;
    return 0;
}

static int grid_layout(const hs_call *c, int host_panels)
{
    const hetscal_grid *g = c->grid;
    if (g->nprow < 2 || c->cfg->lu_grid == 0)
        return LAYOUT_ONE_ROW;
    if (c->cfg->lu_grid > 0)
        return LAYOUT_GRID;
    if (c->cfg->accel_ranks > 0)
        return gpu_grid(c, host_panels) ? LAYOUT_GRID : LAYOUT_ONE_ROW;
    if (g->size >= GRID_RANKS)
        return LAYOUT_GRID;
    return hs_call_average_share(c) > HS_GRID_SHARE_BYTES ? LAYOUT_GRID_IN_PLACE
                                                           : LAYOUT_ONE_ROW;
}

/* Whether the 2-D layout's panels are factored where their rows lie
 * (kernels/lu_spread_part.h) rather than gathered on their diagonal
 * tile's home: as HETSCAL_LU_SPREAD says (by default not yet), on grids
 * of up to HS_MAX_ACCESSES - 2 process rows (a part reads every other
 * part's marker).  The buffer sets a grid position keeps: one, or with
 * the panels on the GPUs one for each of a rank's accelerators (as the
 * grid has them on average: a rank with another count has some parts'
 * buffers on other accelerators than their tiles, which costs copies,
 * not correctness); 0: gathered. */
static int spread_panels(const hs_call *c)
{
    const hs_config *cfg = c->cfg;
    if (cfg->lu_spread <= 0 || c->grid->nprow > HS_MAX_ACCESSES - 2)
        return 0;
    int per_rank = cfg->accel_ranks > 0 ? cfg->accel_devices / cfg->accel_ranks : 0;
    return c->geo.device_panels && per_rank > 1 ? per_rank : 1;
}

/* The caller's distribution of sub(A), for ScaLAPACK's pivot search. */
static hs_lu_rows caller_rows(const hs_call *c)
{
    const int *d = c->desca;
    return (hs_lu_rows){ .ia = c->ia, .ja = c->ja, .m_a = d[HS_M], .mb = d[HS_MB],
                         .rsrc = d[HS_RSRC], .nprow = c->grid->nprow,
                         .npcol = c->grid->npcol };
}

/* The parts' ctx, for the call's run. */
static int spread_ctx(hs_call *c)
{
    c->lu_spread = malloc(sizeof *c->lu_spread);
    if (!c->lu_spread)
        return HETSCAL_ERR_NOMEM;
    *c->lu_spread = (hs_lu_spread_ctx){ .caller = c->caller_layout,
                                        .rank_of = c->grid->rank_of,
                                        .npcol = c->grid->npcol, .rows = caller_rows(c) };
    return 0;
}

/* The 2-D layout's accelerator columns: their panels gathered and
 * factored on the home's GPU, in tiles as wide as the single tile row's
 * device panels, unless the cost (or HETSCAL_PANELS) puts them on its
 * host (then as the host's). */
static int grid_layout_tiles(hs_call *c, int layout, int host_panels)
{
    int status = hs_call_square_tiles(c, (layout == LAYOUT_GRID_IN_PLACE
                                              ? HS_SQUARE_IN_PLACE_ONLY | HS_SQUARE_SMALL_BLOCKS
                                              : 0)
                                             | HS_SQUARE_ON_DEVICES,
                                      c->cfg->accel_ranks > 0 && !host_panels
                                          ? HS_DEVICE_PANEL_WIDE : 0);
    int accelerated = 0;
    for (int k = 0; status == 0 && k < c->geo.np; k++)
        accelerated |= c->geo.panel[k].device;
    if (accelerated) {
        c->rep.host_panels = host_panels;
        c->rep.panels_from = hs_panels_source(c->cfg);
        c->geo.device_panels = !host_panels;
    }
    if (status == 0)
        c->geo.spread_panels = spread_panels(c);
    if (status == 0 && c->geo.spread_panels)
        status = spread_ctx(c);
    return status;
}

static int lu_layout(hs_call *c)
{
    const hetscal_grid *grid = c->grid;
    c->caller_layout = gather_caller_layout(c);
    int host_panels = panels_on_host(c);
    int layout = grid_layout(c, host_panels);
    if (layout != LAYOUT_ONE_ROW) {
        int status = grid_layout_tiles(c, layout, host_panels);
        if (status <= 0)
            return status;
    }
    /* Where the panels go is decided on the width they would have on the
     * accelerators; on the host they take the host's. */
    c->rep.host_panels = c->cfg->accel_ranks > 0
                         && hs_panels_on_host(c->cfg, HS_PANEL_GETRF, c->m, c->n,
                                              panel_width(c, 0), c->prec);
    c->rep.panels_from = hs_panels_source(c->cfg);
    int width = hs_call_caller_panel_width(grid, c->cfg, c->ja, c->desca,
                                           panel_width(c, c->rep.host_panels), 0);
    int whole = hs_call_one_column_block(grid, c->cfg, c->n, c->ja, c->desca, width);
    int b = c->rep.tile = whole ? whole : width;
    c->part = HS_PART_ALL;
    int status = hs_call_layout(grid, c->cfg, c->m, c->n, 0, 0, NULL, &c->rep, &c->geo, &c->devs,
                                &c->ndev);
    if (status)
        return status;
    int B = c->geo.B, bg = c->rep.panel_gpu;
    hs_geometry_free(&c->geo);
    if (grid->nprow > 1) {
        c->one_row = hs_call_one_process_row(grid);
        c->tile_grid = &c->one_row;
    }
    int npcol = c->tile_grid->npcol;
    status = bg > 0 ? hs_geometry_init_hybrid(&c->geo, c->m, c->n, B, b, bg, 1, npcol)
                    : hs_geometry_init_host(&c->geo, c->m, c->n, b, 1, npcol);
    if (!status && bg > 0 && (status = hs_geometry_cut_panels(&c->geo, b)))
        hs_geometry_free(&c->geo);
    if (!status) {
        hs_geometry_single_tile_row(&c->geo);
        hs_call_columns_in_place(grid, c->ja, c->desca, &c->geo, &c->rep);
    }
    return status;
}

static void lu_generate(const hs_call *c, hs_dist *dist)
{
    hs_lu lu = { .geo = &c->geo, .dist = dist,
                 .host_panels = c->rep.host_panels,
                 .rows = caller_rows(c),
                 .caller = c->caller_layout,
                 .spread = c->lu_spread,
                 .team = hs_config_panel_team(c->cfg, c->grid->nprow * c->grid->npcol),
                 .strips = c->rep.tiles_in_place };
    if (c->geo.nprow > 1)
        hs_lu_grid_generate(&lu);
    else
        hs_lu_generate(&lu);
}

/* The tiles of either layout: one tile row on one process row, or the
 * 2-D grid's. */
static int lu_tile_count(const hs_geometry *geo)
{
    return geo->nprow > 1 ? hs_lu_grid_tile_count(geo) : hs_lu_tile_count(geo);
}

static void lu_tile_homes(const hs_geometry *geo, const int *rank_of, hs_tile_home *home)
{
    if (geo->nprow > 1)
        hs_lu_grid_tile_homes(geo, rank_of, home);
    else
        hs_lu_tile_homes(geo, rank_of, home);
}


/* rel[i] (i < mn): the row of sub(A), 1-based, that row i + 1 was
 * interchanged with; returns the first zero pivot (1-based) or 0.
 * Collective. */
static int gather_pivots(const hs_call *c, int *rel, int mn)
{
    const hs_geometry *g = &c->geo;
    int first_zero = INT_MAX;
    memset(rel, 0, (size_t)mn * sizeof *rel);
    for (int k = 0; k < g->np; k++) {
        int id = hs_lu_pivot_tile(g, k);
        const int *piv = id >= 0 ? hs_dist_tile_data(c->dist, id) : NULL;
        if (!piv)
            continue;
        int col0 = g->panel[k].col0, info = piv[HS_LU_PIV_INFO];
        int kk = hs_lu_pivots(g->n_rows, col0, g->panel[k].width);
        for (int i = 0; i < kk; i++)
            rel[col0 + i] = col0 + piv[HS_LU_PIV_HEAD + i];
        if (info > 0 && col0 + info < first_zero)
            first_zero = col0 + info;
    }
    MPI_Allreduce(MPI_IN_PLACE, rel, mn, MPI_INT, MPI_SUM, c->grid->comm);
    MPI_Allreduce(MPI_IN_PLACE, &first_zero, 1, MPI_INT, MPI_MIN, c->grid->comm);
    return first_zero == INT_MAX ? 0 : first_zero;
}

/* IPIV as ScaLAPACK's P?GETRF leaves it: its panels are the MB-high
 * blocks of sub(A)'s first mn rows, and each writes its pivots (global
 * rows of A) on every process from the local position of the panel's
 * first row, or of the next row this process row holds: the owner's
 * entries are its rows' pivots, and on other process rows they stand
 * where their next block's own panel overwrites them (PDLASWP and PDGETRS
 * read them there). */
static void write_ipiv(const hetscal_grid *grid, int ia, const int *desca, const int *rel,
                       int mn, int *ipiv)
{
    int mb = desca[HS_MB], rsrc = desca[HS_RSRC];
    for (int r0 = 0; r0 < mn; r0 += mb) {
        int jb = mn - r0 < mb ? mn - r0 : mb;
        int first = hs_numroc(ia - 1 + r0, mb, grid->myrow, rsrc, grid->nprow);
        for (int t = 0; t < jb; t++)
            ipiv[first + t] = ia - 1 + rel[r0 + t];
    }
}

static int lu_finish(hs_call *c)
{
    int mn = c->m < c->n ? c->m : c->n;
    int *rel = malloc((size_t)mn * sizeof *rel);
    int status = hs_agree_status(c->grid, rel ? HETSCAL_SUCCESS : HETSCAL_ERR_NOMEM);
    if (!status) {
        status = gather_pivots(c, rel, mn);
        write_ipiv(c->grid, c->ia, c->desca, rel, mn, c->ipiv);
    }
    free(rel);
    return status;
}

const hs_factorization hs_pdgetrf = {
    .routine = "getrf",
    .flops = lu_flops,
    .tiny_flops = 0,
    .layout = lu_layout,
    .tile_count = lu_tile_count,
    .tile_homes = lu_tile_homes,
    .generate = lu_generate,
    .tiles_in_place = 1,
    /* Its panel's broadcast is on the critical path: a chain's hops cost
     * more than the home's copies (the model, session 52). */
    .broadcast = HS_FORWARD_TREE,
    .finish = lu_finish,
};
