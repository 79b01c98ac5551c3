/* The call driver (see call_driver.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "api/call_driver.h"
#include "api/run_summary.h"
#include "algo/strip_tasks.h"
#include "include/hetscal.h"
#include "kernels/kernel_work.h"
#include "plan/granularity.h"
#include "runtime/device_memory.h"
#include "runtime/session.h"
#include "runtime/status.h"
#include "util/blas_threads.h"
#include "util/clock.h"
#include "util/precision.h"

/* What the generation thread gets. */
typedef struct program {
    const hs_factorization *f;
    const hs_call *call;
} program;

static void generate(void *arg)
{
    const program *p = arg;
    p->f->generate(p->call, p->call->dist);
}

void hs_call_name(const hs_factorization *f, hs_call *c)
{
    snprintf(c->routine, sizeof c->routine, "p%c%s", hs_prec_letter(c->prec), f->routine);
}

/* The cost model's flops of a task this rank runs, by where it runs
 * (HETSCAL_SUMMARY's share of the flops on GPUs). */
static void count_placed(void *arg, const hs_task *t, int device)
{
    hs_call *c = arg;
    hs_work w;
    if (hs_kernel_work(t, c->prec, &w) != 0)
        return;
    c->rep.task_flops += w.flops;
    if (device)
        c->rep.device_flops += w.flops;
}

/* The repartition between the caller's matrix and the tiles. */
static hs_redist redist_of(const hs_call *c, void **tiles)
{
    hs_redist rd = { .grid = hs_call_proc_grid(c->grid),
                     .tile_grid = hs_call_proc_grid(c->tile_grid), .geo = &c->geo, .a = c->a,
                     .prec = c->prec, .desca = c->desca, .ia = c->ia, .ja = c->ja, .m = c->m,
                     .n = c->n, .transpose = c->transpose, .part = c->part, .tiles = tiles,
                     .threads = c->cfg->num_threads };
    return rd;
}

/* What a rank's budget of received copies comes from (dist.h,
 * hs_copy_budget_bounded): the configured budget, the bytes of its tiles
 * that stay, the bound on its extra memory (0: none), of its tile block
 * beyond the matrix's tiles and of its sink's room. */
typedef struct copy_budget_of {
    double budget, stays, bound, block, sink;
} copy_budget_of;

/* The budget, once the task window is known (its task structs are part of
 * the bounded memory); HETSCAL_VERBOSE=2 says what a bound left. */
static double copy_budget(const hs_call *c, const copy_budget_of *b)
{
    double reserve = hs_runtime_reserve_bytes(c->rep.window, b->sink);
    double budget = hs_copy_budget_bounded(b->budget, b->stays, b->bound, b->block + reserve);
    if (b->bound > 0 && c->cfg->verbose >= 2)
        fprintf(stderr, "hetscal: rank %d: received copies' budget %.1f MiB: the extra "
                "memory's bound %.1f MiB less the tiles besides the matrix's, %.1f MiB, the "
                "runtime's %.1f MiB and the staged sends\n", c->grid->rank, budget / 1048576.0,
                b->bound / 1048576.0, b->block / 1048576.0, reserve / 1048576.0);
    return budget;
}

/* Tiles in, the program, tiles out; the status agreed over the grid.
 * Tiles in the caller's array move neither way. */
static int run(const hs_factorization *f, hs_call *c, void **tiles, const copy_budget_of *budget,
               double t0)
{
    const hs_config *cfg = c->cfg;
    hs_redist rd = redist_of(c, tiles);
    int kept = c->rep.tiles_in_place;
    int as_tasks = !kept && (c->rep.copy_pieces
                             || hs_call_copy_as_tasks(c->grid, cfg, &c->rep, c->dist, &rd));
    hs_call_pieces_use(&c->pieces, c->dist);
    int in_place = !kept && hs_call_copy_in_place(c->grid, &c->rep, &rd);
    int nmatrix = c->geo.mt * c->geo.np;
    /* In place, each rank copies its own tiles: whether they all could is
     * agreed with the run's start (hs_engine_limits.prior_status), one
     * collective fewer in a call that small. */
    int copied_in = in_place ? hs_call_copy_local_tiles(&rd, nmatrix, 1) : HETSCAL_SUCCESS;
    int status = kept || as_tasks || in_place ? HETSCAL_SUCCESS : hs_redist_to_tiles(&rd);
    c->rep.t_in = hs_now() - t0;
    if (status)
        return status;

    double t1 = hs_now();
    /* From here tasks may write A (the copies out as tasks, or the
     * repartition back after a failure). */
    c->a_untouched = 0;
    program p = { f, c };
    int tiny = f->tiny_flops > 0 && c->rep.flops <= f->tiny_flops;
    int workers = hs_call_workers(cfg, tiny, &c->rep);
    c->rep.window = hs_task_window(cfg->window, workers, c->ndev - 1);
    hs_engine_limits limits = {
        .workers = workers, .window = c->rep.window,
        .copy_budget = copy_budget(c, budget),
        .devs = c->devs, .ndev = c->ndev, .team_wait = cfg->team_wait_us * 1e-6,
        .send_window = hs_config_send_window(cfg, c->grid->size,
                                             hs_call_report_largest_tile(&c->rep),
                                             (int)hs_prec_bytes(c->prec)),
        .prior_status = copied_in };
    if (cfg->summary)
        hs_dist_on_placed(c->dist, count_placed, c);
    int err = hs_session_run(c->grid->comm, &limits, generate, &p, &c->rep.stats);
    c->rep.peak_device_bytes = hs_devmem_peak();
    c->rep.forwarded = hs_dist_forwarded(c->dist);
    status = hs_status_merge(err, hs_dist_local_status(c->dist));
    c->rep.t_factor = hs_now() - t1;

    double t2 = hs_now();
    /* Agreed below with the run's status; nothing to give back when the
     * tiles were A or their copies tasks. */
    int out = kept || as_tasks || (in_place && copied_in) ? HETSCAL_SUCCESS
              : in_place ? hs_call_copy_local_tiles(&rd, nmatrix, 0)
                         : hs_redist_to_matrix(&rd);
    c->rep.t_out = hs_now() - t2;
    return hs_agree_status(c->grid, status ? status : out);
}

/* Where the extra memory is bounded (hs_call_memory_bound), the second
 * set of the strips' pack buffers (which lets a rank pack the next
 * panel before its strips of this one are done: the lookahead) stays
 * while every rank's tile block keeps within BLOCK_OF_BOUND of the bound
 * with it, the rest of the bound left to the received copies; else one
 * set.  From the homes and the average share, the same on every rank. */
#define BLOCK_OF_BOUND 0.6
static int one_pack_set(const hs_factorization *f, const hs_call *c, const hs_tile_home *home,
                        int nmatrix)
{
    double share = hs_call_average_share(c);
    if (!c->rep.tiles_in_place || share <= HS_GRID_SHARE_BYTES)
        return 0;
    double block = hs_tile_home_most_bytes_from(home, f->tile_count(&c->geo), nmatrix,
                                                c->grid->size, (int)hs_prec_bytes(c->prec));
    int one = block > BLOCK_OF_BOUND * share / 2;
    if (one && c->cfg->verbose >= 2 && c->grid->rank == 0)
        fprintf(stderr, "hetscal: one set of strip pack buffers: with two a rank's tiles "
                        "besides the matrix's would take %.1f MiB, over %.0f%% of the "
                        "extra memory's bound (half the %.1f MiB average share)\n",
                block / 1048576.0, 100 * BLOCK_OF_BOUND, share / 1048576.0);
    return one;
}

void hs_call_keep_tiles(const hs_factorization *f, hs_call *c, hs_redist *rd,
                        hs_tile_home *home, int nmatrix)
{
    c->rep.tiles_in_place = f->tiles_in_place
                            && hs_call_tiles_in_place(c->cfg, &c->rep, rd, home, nmatrix);
    c->rep.tiles_transposed = c->rep.tiles_in_place && c->geo.transposed;
    /* The strips' pack buffers (algo/strip_tasks.h) have homes only now. */
    c->geo.strip_buffers =
        c->rep.tiles_in_place && c->geo.npcol > 1 && c->geo.mt > 1 ? HS_STRIP_PACK_SETS : 0;
    /* A rank's tiles of its adjacent columns lie side by side there: up
     * to HS_STRIP_COLUMNS of them share strips, fewer where the grid's
     * workers would otherwise hold under two groups each at the first
     * panel (a one-row layout's columns are its only parallelism). */
    int threads = c->cfg->grid_threads > 0 ? c->cfg->grid_threads : 1;
    int group = c->geo.np / (2 * threads);
    group = group < 1 ? 1 : group > HS_STRIP_COLUMNS ? HS_STRIP_COLUMNS : group;
    c->geo.strip_columns = c->rep.tiles_in_place && !c->geo.transposed ? group : 1;
    if (c->geo.strip_buffers || c->geo.strip_columns > 1)
        f->tile_homes(&c->geo, c->tile_grid->rank_of, home);
    if (c->geo.strip_buffers && one_pack_set(f, c, home, nmatrix)) {
        c->geo.strip_buffers = 1;
        f->tile_homes(&c->geo, c->tile_grid->rank_of, home);
    }
    if (c->rep.tiles_in_place || !c->geo.transposed)
        return;
    c->geo.transposed = 0;
    c->transpose = rd->transpose = 1;
    c->rep.caller_tiles = 0;   /* no tile is a block of this rank's now */
    f->tile_homes(&c->geo, c->tile_grid->rank_of, home);
}

int hs_call_run(const hs_factorization *f, hs_call *c)
{
    hs_tile_home *home = NULL;
    void **tiles = NULL;
    double t0 = hs_now();
    int blas_threads = hs_blas_threads_enter();

    hs_call_name(f, c);
    c->rep.routine = c->routine;
    c->rep.m = c->m;
    c->rep.n = c->n;
    /* A complex flop is 4 real ones (a multiply-add is 8 instead of 2). */
    c->rep.flops = f->flops(c->m, c->n) * (hs_prec_complex(c->prec) ? 4 : 1);
    c->tile_grid = c->grid;
    c->ndev = 1;
    c->a_untouched = 1;
    hs_call_begin(c->grid, c->cfg, c->ia, c->ja, c->desca, &c->rep);

    int status = f->layout(c);
    if (!status)
        hs_call_report_layout(c);
    /* Before the counts are formed: a layout of more tiles than an int
     * numbers (N = 2^31 - 1 that wrapped ScaLAPACK-style checks let
     * through) made tile_count wrap, and tile_homes wrote past home. */
    if (!status && !hs_call_tile_ids_fit(&c->geo)) {
        status = HETSCAL_ERR_NOMEM;
        /* Not handed to ScaLAPACK either: no caller holds a matrix that
         * large, so its descriptor overstates the array, and ScaLAPACK
         * would read past it. */
        c->a_untouched = 0;
    }
    int ntiles = status ? 0 : f->tile_count(&c->geo);
    int nmatrix = status ? 0 : c->geo.mt * c->geo.np;
    copy_budget_of budget = { 0 };
    if (!status) {
        home = calloc((size_t)ntiles, sizeof *home);
        tiles = calloc((size_t)nmatrix, sizeof *tiles);
        status = home && tiles ? HETSCAL_SUCCESS : HETSCAL_ERR_NOMEM;
    }
    if (!status) {
        f->tile_homes(&c->geo, c->tile_grid->rank_of, home);
        hs_redist rd = redist_of(c, tiles);
        hs_call_keep_tiles(f, c, &rd, home, nmatrix);
        int esize = (int)hs_prec_bytes(c->prec), me = c->grid->rank;
        budget = (copy_budget_of){
            .budget = hs_copy_budget(c->cfg, c->rep.share_bytes, c->rep.tile),
            .stays = hs_tile_home_stays_bytes(home, ntiles, me, esize),
            .bound = hs_call_memory_bound(c),
            .block = hs_tile_home_bytes_from(home, ntiles, nmatrix, me, esize),
            .sink = hs_tile_home_sink_bytes(home, ntiles, me, esize) };
        /* Decided on the factorization's own tiles: a piece has one
         * reader, and nothing to forward. */
        int forward = hs_call_forward_copies(c->cfg, c->grid->size, f->broadcast, ntiles, home,
                                             (int)hs_prec_bytes(c->prec));
        int pieces = hs_call_pieces_plan(c->cfg, f->gpu_pieces, &c->rep, &rd, nmatrix, &home,
                                         &ntiles, &c->pieces);
        status = pieces < 0 ? pieces
                 : hs_call_create_tiles(c->grid, c->tile_grid, ntiles, home, c->prec,
                                        c->rep.tiles_in_place ? &rd : NULL, nmatrix,
                                        pieces ? &c->pieces : NULL, forward, c->devs, c->ndev,
                                        &c->rep, &c->dist);
    }
    status = hs_agree_status(c->grid, status);
    if (!status) {
        for (int t = 0; t < nmatrix; t++)
            tiles[t] = hs_dist_tile_data(c->dist, t);
        status = run(f, c, tiles, &budget, t0);
        if (!status && f->finish)
            status = f->finish(c);
    }
    hs_blas_threads_leave(blas_threads);
    hs_call_destroy_tiles(c->cfg, c->dist);
    hs_call_pieces_free(&c->pieces);
    free(home);
    free(tiles);
    free(c->caller_layout);
    c->caller_layout = NULL;
    free(c->lu_spread);
    c->lu_spread = NULL;
    hs_geometry_free(&c->geo);

    hs_call_end(c->grid, c->cfg, t0, status, &c->rep);
    return status;
}

int hs_call_square_tiles(hs_call *c, int flags, int device_width)
{
    int in_place_only = flags & HS_SQUARE_IN_PLACE_ONLY;
    const hs_config *cfg = c->cfg;
    int big = c->m > c->n ? c->m : c->n;
    int b = cfg->nb_small ? cfg->nb_small : hs_default_tile_size(big, cfg->grid_threads);
    /* Each panel is one ?GETRF or ?GEQRF on one process, on the critical
     * path, as on the single tile row: no wider than its panels there
     * (doc/PERFORMANCE.md). */
    int column = hs_column_panel_width(c->n, cfg->grid_threads);
    if (!cfg->nb_small && column < b)
        b = column;
    if (!cfg->nb_small && device_width > 0)
        b = device_width;
    c->rep.tile = b < big ? b : big;
    hs_caller_tiles caller = hs_call_caller_tiles(
        c->grid, cfg, c->rep.tile, flags & HS_SQUARE_SMALL_BLOCKS ? HS_SMALL_BLOCKS_FROM : 0, big,
        c->ia, c->ja, c->desca);
    if (in_place_only && (!caller.b || !cfg->in_place))
        return 1;
    c->part = HS_PART_ALL;
    int status = hs_call_layout(c->grid, cfg, c->m, c->n, 0, 0, &caller, &c->rep, &c->geo,
                                &c->devs, &c->ndev);
    if (status || c->geo.np == c->geo.nt_top)
        return status;
    hs_geometry_free(&c->geo);
    if (!(flags & HS_SQUARE_ON_DEVICES) || c->rep.panel_gpu <= 0 || cfg->nb > c->rep.tile)
        return 1;
    /* The GPUs' hybrid columns asked for: square tiles all the same, every
     * column on its home's accelerators (the same geometry on every rank;
     * a home without any keeps its columns on the host). */
    c->rep.caller_tiles = 0;
    status = hs_geometry_init_host(&c->geo, c->m, c->n, c->rep.tile, c->grid->nprow,
                                   c->grid->npcol);
    for (int k = 0; !status && k < c->geo.np; k++)
        c->geo.panel[k].device = 1;
    return status;
}

double hs_call_memory_bound(const hs_call *c)
{
    int bounded = c->rep.tiles_in_place && hs_call_average_share(c) > HS_GRID_SHARE_BYTES;
    return bounded ? c->rep.share_bytes / 2 : 0;
}

double hs_call_average_share(const hs_call *c)
{
    return (double)c->m * c->n * hs_prec_bytes(c->prec) / c->grid->size;
}

void hs_call_report_layout(hs_call *c)
{
    c->rep.layout = c->geo.gathered         ? "gathered"
                    : c->geo.spread_panels ? "grid_spread"
                    : c->geo.nprow > 1     ? "grid"
                                           : "one_row";
    c->rep.nodes = c->cfg->grid_nodes;
    c->rep.tall_rows = c->geo.mt > 1 && c->geo.H > c->geo.B ? c->geo.H : 0;
    c->rep.rows_over_gpus = c->geo.rows_over_devices;
}

double hs_call_node_share(const hs_call *c)
{
    int nodes = c->cfg->grid_nodes > 0 ? c->cfg->grid_nodes : 1;
    return (double)c->m * c->n * hs_prec_bytes(c->prec) / nodes;
}
