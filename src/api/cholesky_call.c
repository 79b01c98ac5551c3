/* PDPOTRF's table for the call driver (see cholesky_call.h): the Cholesky
 * layout and task program.  Upper is factored as the lower factor of the
 * transpose: its tiles are the caller's blocks, kept as the lower tiles'
 * conjugate transposes, where they can stay in the caller's array; else
 * the repartition transposes the blocks. */
#include "config.h"

#include "algo/cholesky.h"
#include "api/call_driver.h"
#include "api/cholesky_call.h"
#include "plan/granularity.h"
#include "plan/panel_placement.h"
#include "plan/top_tile.h"
#include "layout/desc.h"

/* Up to this many flops (N = 228) the calling thread runs the tasks
 * (hs_call_workers): waking a worker costs more than sharing the work. */
enum { TINY_FLOPS = 4000000 };

/* Real flops of the real factorization (a complex one's are 4 times as
 * many: hs_call_run scales them). */
static double cholesky_flops(int m, int n)
{
    (void)m;
    return (double)n * n * n / 3.0;
}

/* The upper factor's square host tiles kept as the caller's blocks
 * (hs_geometry.transposed), on one rank or when the tiles are the
 * caller's blocks: the driver copies them transposed after all where they
 * cannot stay in the caller's array (hs_call_keep_tiles). */
static void keep_upper_blocks(hs_call *c)
{
    const hs_geometry *g = &c->geo;
    int square_host = c->rep.panel_gpu == 0 && g->np == g->nt_top && g->H == g->B;
    if (c->upper && c->cfg->in_place && square_host
        && (c->grid->size == 1 || c->rep.caller_tiles)) {
        c->geo.transposed = 1;
        c->transpose = 0;
    }
}

/* Accelerators anywhere: the multi-level layout; HETSCAL_NB > tile: host
 * panels in B-high tile rows; otherwise square tiles, the caller's blocks
 * when they fit (the upper factor's tiles are transposed blocks, which
 * the caller's layout puts on transposed grid positions: hs_tile_position). */
static int cholesky_layout(hs_call *c)
{
    const hs_config *cfg = c->cfg;
    int caller_ok;
    c->rep.tile = hs_granularity_cholesky_tile(c->grid, cfg, c->n, c->desca[HS_NB], c->upper,
                                               &caller_ok);
    if (c->rep.tile > c->n)
        c->rep.tile = c->n;
    hs_caller_tiles caller = { 0, 0, 0 };
    /* The upper factor's tiles are the caller's blocks only when kept
     * transposed, in place: copied transposed, a block would go to the
     * grid position of its transpose. */
    /* Past HS_GRID_SHARE_BYTES a rank, blocks from HS_SMALL_BLOCKS_FROM up
     * too, for memory (as P?GETRF's and P?GEQRF's), where the model
     * predicts them fast enough. */
    int small_from = hs_call_average_share(c) > HS_GRID_SHARE_BYTES ? HS_SMALL_BLOCKS_FROM : 0;
    if (caller_ok && (!c->upper || cfg->in_place))
        caller = hs_call_caller_tiles(c->grid, cfg, c->rep.tile, small_from, c->n, c->ia, c->ja,
                                      c->desca);
    c->transpose = c->upper;
    c->part = c->upper ? HS_PART_UPPER : HS_PART_LOWER;
    int accel_B = hs_top_tile_cholesky(cfg, c->n, c->rep.tile, c->prec);
    int status = hs_call_layout(c->grid, cfg, c->n, c->n, 0, accel_B, &caller, &c->rep, &c->geo,
                                &c->devs, &c->ndev);
    c->rep.host_panels = c->rep.panel_gpu > 0
                         && hs_panels_on_host(cfg, HS_PANEL_POTRF, c->n, c->n, c->rep.panel_gpu,
                                              c->prec);
    c->rep.panels_from = hs_panels_source(cfg);
    if (!status)
        keep_upper_blocks(c);
    return status;
}

static void cholesky_generate(const hs_call *c, hs_dist *dist)
{
    hs_cholesky ch = { .geo = &c->geo, .dist = dist, .host_panels = c->rep.host_panels,
                       .team = hs_config_panel_team(c->cfg, c->grid->nprow * c->grid->npcol),
                       .strips = c->rep.tiles_in_place };
    hs_cholesky_generate(&ch);
}

const hs_factorization hs_pdpotrf = {
    .routine = "potrf",
    .flops = cholesky_flops,
    .tiny_flops = TINY_FLOPS,
    .layout = cholesky_layout,
    .tile_count = hs_cholesky_tile_count,
    .tile_homes = hs_cholesky_tile_homes,
    .generate = cholesky_generate,
    .tiles_in_place = 1,
    /* Each tile of a panel is read by a whole process row and column, so
     * along binomial trees the panel's process column sends about
     * log2(p) + log2(q) copies of it while the updates wait: on 64 H100
     * nodes that link traffic, not the GPUs, was what they waited for
     * (doc/PERFORMANCE.md, session 52). */
    .broadcast = HS_FORWARD_CHAIN,
    /* Ahead of the rounds from 4 to 64 simulated H100 nodes.  LU's and
     * QR's pieces, ahead on 16 nodes, are not the default: on 64 their
     * simulation (every tile of the matrix cut into 16 pieces, for 64
     * ranks) needs more memory than this project's hosts have, so that
     * no prediction backs them there (doc/PERFORMANCE.md, session 81). */
    .gpu_pieces = 1,
};
