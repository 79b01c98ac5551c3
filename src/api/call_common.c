/* Pieces shared by the PDPOTRF and PDGEQRF bodies (see call_common.h). */
#include "config.h"

#include <limits.h>

#include "api/call_common.h"
#include "plan/device_split.h"
#include "plan/gpu_placement.h"
#include "plan/granularity.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "runtime/device_memory.h"
#include "runtime/session.h"
#include "runtime/trace.h"
#include "util/clock.h"
#include "util/mem.h"
#include "util/precision.h"

int hs_agree_status(const hetscal_grid *grid, int status)
{
    int key = status == 0 ? INT_MAX : status, all;
    MPI_Allreduce(&key, &all, 1, MPI_INT, MPI_MIN, grid->comm);
    return all == INT_MAX ? 0 : all;
}

void hs_call_begin(const hetscal_grid *grid, const hs_config *cfg, int ia, int ja,
                   const int *desca, hs_call_report *rep)
{
    hs_session_register_shutdown(hetscal_grid_free_all);
    hs_trace_begin_call(rep->routine, grid->rank);
    hs_mem_reset_peak();
    rep->share_bytes = hs_local_share_bytes(grid, rep->m, rep->n, ia, ja, desca);
    rep->threads = cfg->num_threads;
}

void hs_call_end(const hetscal_grid *grid, const hs_config *cfg, double t0, int status,
                 hs_call_report *rep)
{
    rep->peak_extra_bytes = hs_mem_peak_bytes();
    rep->info = status;
    rep->t_total = hs_now() - t0;
    hs_trace_end_call();
    if (cfg->verbose)
        hs_call_report_print(grid, rep);
}

double hs_local_share_bytes(const hetscal_grid *g, int m, int n, int ia, int ja,
                            const int *desca)
{
    int mb = desca[HS_MB], nb = desca[HS_NB];
    int prow0 = hs_g2p(ia - 1, mb, desca[HS_RSRC], g->nprow);
    int pcol0 = hs_g2p(ja - 1, nb, desca[HS_CSRC], g->npcol);
    int roff = (ia - 1) % mb, coff = (ja - 1) % nb;
    double rows = hs_numroc(m + roff, mb, g->myrow, prow0, g->nprow);
    double cols = hs_numroc(n + coff, nb, g->mycol, pcol0, g->npcol);
    return rows * cols * sizeof(double);
}

/* At least 8 tiles, and at least COPY_FLOOR_BYTES: a fraction of a small
 * share (1 MB at N = 500 on 2 ranks) stalls task generation on the budget,
 * and receives are then posted late; a few tens of MiB cost nothing. */
enum { COPY_FLOOR_BYTES = 32 << 20 };

double hs_copy_budget(const hs_config *cfg, double share_bytes, int tile)
{
    double floor_bytes = 8.0 * tile * tile * sizeof(double);
    if (floor_bytes < COPY_FLOOR_BYTES)
        floor_bytes = COPY_FLOOR_BYTES;
    double budget = cfg->copy_fraction * share_bytes;
    return budget > floor_bytes ? budget : floor_bytes;
}

hs_caller_tiles hs_call_caller_tiles(const hetscal_grid *grid, const hs_config *cfg,
                                     int default_tile, int small_from, int n, int ia, int ja,
                                     const int *desca)
{
    hs_caller_tiles ct = { 0, 0, 0 };
    int mb = desca[HS_MB], nb = desca[HS_NB], b = 0;
    if (grid->size == 1 || cfg->nb_small || cfg->nb)
        return ct;   /* nothing to save, or the user chose the tiles */
    if (grid->npcol > 1) {
        if ((ja - 1) % nb)
            return ct;
        b = nb;
    }
    if (grid->nprow > 1) {
        if ((ia - 1) % mb || (b && b != mb))
            return ct;
        b = mb;
    }
    /* Blocks from half to twice the default tile; or sub(A) in one block,
     * and small (the default tiles would cut it in at most 2 x 2): one tile
     * on the process that holds it is as good as any tiling of so small a
     * matrix, and nothing crosses ranks (hs_caller_blocks_sized). */
    int sized = hs_caller_blocks_sized(n, b, default_tile, small_from);
    /* sub(A) in at most 2 x 2 blocks of at most 4 default tiles each, in a
     * call too small for the tile rule to give the grid's workers enough
     * tiles at any size: the blocks in place, one message each, beat the
     * repartition both ways and a parallel factorization of so few tiles
     * (1x2 and 2x1 grids of one-thread ranks, N = 300 to 500 in NB = 256
     * blocks: 1.1 to 1.5 times faster than the default tiles).  Beyond,
     * the serial chain of a few large blocks loses to the workers
     * (N = 800 in NB = 512 blocks on 2x1: 1.37 times slower). */
    int few_blocks = n <= 2 * b && b <= 4 * default_tile
                     && hs_tile_rule_starved(n, cfg->grid_threads);
    if (!sized && !few_blocks)
        return ct;
    ct.b = n <= b ? n : b;   /* in one block, the one tile is sub(A) */
    ct.prow0 = hs_g2p(ia - 1, mb, desca[HS_RSRC], grid->nprow);
    ct.pcol0 = hs_g2p(ja - 1, nb, desca[HS_CSRC], grid->npcol);
    return ct;
}

/* Whether QR's and LU's columns may be the caller's column blocks: one
 * process row of several processes, no accelerators, the tiles not chosen
 * by HETSCAL_NB_SMALL or HETSCAL_NB, sub(A) starting a column block. */
static int column_blocks_usable(const hetscal_grid *grid, const hs_config *cfg, int ja, int nb)
{
    return grid->nprow == 1 && grid->size > 1 && !cfg->nb_small && !cfg->nb
           && cfg->accel_ranks == 0 && (ja - 1) % nb == 0;
}

int hs_call_one_column_block(const hetscal_grid *grid, const hs_config *cfg, int n, int ja,
                             const int *desca, int default_width)
{
    int nb = desca[HS_NB];
    if (!column_blocks_usable(grid, cfg, ja, nb) || n > nb || n > 2 * default_width)
        return 0;
    return nb;
}

int hs_call_device_panel_width(const hs_config *cfg, int n)
{
    int ranks = cfg->accel_ranks;
    if (n / (4 * HS_DEVICE_PANEL_WIDE) >= 4 * ranks)
        return HS_DEVICE_PANEL_WIDE;
    return n / (4 * HS_DEVICE_PANEL_NARROW) >= ranks ? HS_DEVICE_PANEL_NARROW : 0;
}

int hs_call_caller_panel_width(const hetscal_grid *grid, const hs_config *cfg, int ja,
                               const int *desca, int width, int small_from)
{
    int nb = desca[HS_NB];
    if (!cfg->in_place || !column_blocks_usable(grid, cfg, ja, nb))
        return width;
    int from = small_from > 0 ? small_from : (width + 1) / 2;
    return nb <= width && nb >= from ? nb : width;
}

void hs_call_columns_in_place(const hetscal_grid *grid, int ja, const int *desca,
                              hs_geometry *geo, hs_call_report *rep)
{
    int nb = desca[HS_NB];
    if (grid->nprow != 1 || grid->size == 1 || rep->panel_gpu > 0 || geo->B != nb
        || geo->np != geo->nt_top || (ja - 1) % nb)
        return;
    geo->pcol0 = hs_g2p(ja - 1, nb, desca[HS_CSRC], grid->npcol);
    rep->caller_tiles = 1;
}

int hs_call_tile_ids_fit(const hs_geometry *geo)
{
    long long rows = (long long)geo->mt + geo->nprow, cols = (long long)geo->np + geo->npcol;
    return 8 * rows * cols <= INT_MAX;
}

int hs_call_layout(const hetscal_grid *grid, const hs_config *cfg, int m, int n, int host_B,
                   int accel_B, const hs_caller_tiles *caller, hs_call_report *rep,
                   hs_geometry *geo, hs_device ***devs, int *ndev)
{
    int b = rep->tile, B = 4 * b;
    const char *top_from = "4_host_tiles";
    if (cfg->nb > b) {
        B = cfg->nb;
        top_from = "HETSCAL_NB";
    } else if (accel_B > 0) {
        B = accel_B;
        top_from = "cost";
    }
    hs_gpu_placement place;
    int status = HETSCAL_SUCCESS;
    if (grid->comm == MPI_COMM_NULL) {
        /* A simulated grid (sim/sim_call.h) opens nothing of this host's. */
        *devs = NULL;
        *ndev = 1;
        rep->devices = "simulated";
    } else {
        status = hs_session_devices(grid->local_index, grid->local_ranks,
                                    hs_grid_gpus(grid, &place), devs, ndev, &rep->devices);
    }
    if (status)
        *ndev = 1;
    rep->ndev = *ndev;
    rep->panel_gpu = hs_accelerator_panel_width(cfg, B, b);
    if (rep->panel_gpu > 0) {
        rep->top = B;
        rep->top_from = top_from;
    }
    rep->split_from = hs_accelerator_split_source(cfg);
    if (status)
        return status;
    if (rep->panel_gpu > 0)
        return hs_geometry_init_hybrid(geo, m, n, B, b, rep->panel_gpu, grid->nprow,
                                       grid->npcol);
    if (cfg->nb > b)
        return hs_geometry_init_split(geo, m, n, cfg->nb, b, grid->nprow, grid->npcol);
    if (cfg->nb == 0 && host_B > b)
        return hs_geometry_init_split(geo, m, n, host_B, b, grid->nprow, grid->npcol);
    rep->caller_tiles = caller && caller->b > 0;
    if (rep->caller_tiles)
        rep->tile = b = caller->b;
    int err = hs_geometry_init_host(geo, m, n, b, grid->nprow, grid->npcol);
    if (rep->caller_tiles) {
        geo->prow0 = caller->prow0;
        geo->pcol0 = caller->pcol0;
    }
    return err;
}

hetscal_grid hs_call_one_process_row(const hetscal_grid *grid)
{
    /* rank_of is indexed prow * npcol + pcol: read as one row of
     * nprow * npcol columns, it is already the row's table. */
    hetscal_grid row = *grid;
    row.nprow = 1;
    row.npcol = grid->nprow * grid->npcol;
    row.myrow = 0;
    row.mycol = grid->myrow * grid->npcol + grid->mycol;
    return row;
}

hs_proc_grid hs_call_proc_grid(const hetscal_grid *grid)
{
    hs_proc_grid g = { .comm = grid->comm, .nprow = grid->nprow, .npcol = grid->npcol,
                       .myrow = grid->myrow, .mycol = grid->mycol, .rank = grid->rank,
                       .size = grid->size, .rank_of = grid->rank_of };
    return g;
}

int hs_call_workers(const hs_config *cfg, int tiny, hs_call_report *rep)
{
    /* One thread asked for: the calling thread is that thread, and on
     * several ranks it drives the messages too (hs_session_run).  A
     * worker, a generation thread and an MPI loop sharing one core would
     * hand every task and every message from thread to thread. */
    int workers = tiny || cfg->num_threads == 1 ? 0 : cfg->num_threads;
    rep->threads = workers > 0 ? workers : 1;
    return workers;
}

static int copy_tile(void *rd, int tile, void *data, int to_tiles)
{
    return hs_redist_copy_tile(rd, tile, data, to_tiles);
}

/* Below this many bytes of sub(A) per rank the copies are cheaper in one
 * pass than as tasks: a call that small is over before overlapping its
 * copies can pay for a task per tile (the crossing lies between N = 500
 * and N = 1000 on one rank). */
enum { COPY_TASKS_MIN_BYTES = 4 << 20 };

static int small_share(const hetscal_grid *grid, const hs_redist *rd)
{
    double per_rank = (double)rd->m * rd->n * (double)hs_prec_bytes(rd->prec) / grid->size;
    return per_rank < COPY_TASKS_MIN_BYTES;
}

int hs_call_copy_as_tasks(const hetscal_grid *grid, const hs_config *cfg, hs_call_report *rep,
                          hs_dist *dist, const hs_redist *rd)
{
    /* The same answer on every rank: the redistribution it replaces is
     * collective. */
    rep->copy_tasks = cfg->overlap_copies
                      && (grid->size == 1 || rep->caller_tiles)
                      && (!small_share(grid, rd) || cfg->overlap_copies == 2);
    if (rep->copy_tasks)
        hs_dist_copy_home(dist, rd->geo->mt * rd->geo->np, copy_tile, (void *)rd);
    return rep->copy_tasks;
}

int hs_call_copy_in_place(const hetscal_grid *grid, hs_call_report *rep, const hs_redist *rd)
{
    rep->copy_in_place = !rep->copy_tasks && rep->caller_tiles && grid->size > 1
                         && small_share(grid, rd);
    return rep->copy_in_place;
}

int hs_call_copy_local_tiles(const hs_redist *rd, int ntiles, int to_tiles)
{
    int status = HETSCAL_SUCCESS;
    for (int t = 0; t < ntiles && !status; t++)
        if (rd->tiles[t])
            status = hs_redist_copy_tile(rd, t, rd->tiles[t], to_tiles);
    return status;
}

void hs_call_destroy_tiles(const hs_config *cfg, hs_dist *dist)
{
    hs_dist_destroy(dist);
    /* Over the bound, the repartition buffers are kept lazily first: the
     * tile block is what saves the most at the next call.  A bound of 0
     * (HETSCAL_KEEP_MEMORY=0) keeps nothing, not even lazily. */
    if (cfg->keep_bytes <= 0) {
        hs_mem_release_kept();
    } else {
        if (hs_mem_kept_bytes() > cfg->keep_bytes) {
            hs_mem_keep_lazily(HS_KEPT_SEND);
            hs_mem_keep_lazily(HS_KEPT_RECEIVE);
        }
        if (hs_mem_kept_bytes() > cfg->keep_bytes)
            hs_mem_keep_lazily(HS_KEPT_TILES);
    }
    /* The buffers cached for devices only by the call that drives them: a
     * call denied them must not free into a device another thread's call
     * may close. */
    if (hs_session_holds_devices()) {
        hs_devmem_trim_to(cfg->keep_device_bytes);
        hs_pinned_trim_to(cfg->keep_bytes);
    }
}

/* Holders of every tile on every rank: ntiles x P bits, about
 * (N / b)^2 P / 8 bytes against an average share of 8 N^2 / P: at most a
 * quarter of it while P <= 4 b (any N up to 1024 ranks of 256-wide
 * tiles), and 16 MiB is allowed anyway (at 4096 ranks of 256-wide tiles,
 * N up to about 46000). */
enum { HOLDERS_FREE_BYTES = 16 << 20 };

int hs_call_forward_copies(const hs_config *cfg, int nranks, int shape, int ntiles,
                           const hs_tile_home *home, int esize)
{
    int forward = hs_config_forward_copies(cfg, nranks, shape);
    if (forward == HS_FORWARD_NONE)
        return HS_FORWARD_NONE;
    double values = 0;
    for (int t = 0; t < ntiles; t++)
        if (home[t].rank >= 0)
            values += (double)home[t].m * home[t].n;
    double holders = (double)ntiles * ((nranks + 63) / 64) * 8.0;
    double share = values * esize / nranks;
    return holders <= HOLDERS_FREE_BYTES || holders <= share / 4 ? forward : HS_FORWARD_NONE;
}

int hs_call_tiles_in_place(const hs_config *cfg, const hs_call_report *rep,
                           const hs_redist *rd, const hs_tile_home *home, int nmatrix)
{
    if (!cfg->in_place || rep->panel_gpu > 0 || rd->transpose)
        return 0;
    size_t esize = hs_prec_bytes(rd->prec);
    for (int t = 0; t < nmatrix; t++)
        /* A column goes to MPI as whole doubles (comm/messages.h). */
        if (home[t].rank >= 0
            && ((size_t)home[t].m * esize % sizeof(double)
                || hs_redist_tile_owner(rd, t) != home[t].rank))
            return 0;
    return 1;
}

/* hs_dist_create_in_place's question. */
typedef struct in_caller {
    const hs_redist *rd;
    int nmatrix;
    const hs_call_pieces *pieces;
} in_caller;

static void *tile_in_caller(void *arg, int tile, int *ld)
{
    const in_caller *ic = arg;
    if (tile < ic->nmatrix)
        return ic->rd ? hs_redist_tile_in_caller(ic->rd, tile, ld) : NULL;
    return hs_call_piece_in_caller(ic->pieces, tile, ld);
}

int hs_call_create_tiles(const hetscal_grid *grid, const hetscal_grid *tile_grid, int ntiles,
                         const hs_tile_home *home, int prec, const hs_redist *in_place,
                         int nmatrix, const hs_call_pieces *pieces, int forward_copies,
                         hs_device **devs, int ndev, hs_call_report *rep, hs_dist **dist)
{
    in_caller ic = { in_place, nmatrix, pieces };
    int status = in_place || pieces
                     ? hs_dist_create_in_place(dist, grid->comm, ntiles, home, prec,
                                               tile_in_caller, &ic)
                     : hs_dist_create(dist, grid->comm, ntiles, home, prec);
    if (!status && forward_copies != HS_FORWARD_NONE)
        status = hs_dist_forward_copies(*dist, tile_grid->nprow, tile_grid->npcol,
                                        tile_grid->rank_of, forward_copies == HS_FORWARD_CHAIN);
    if (!status) {
        hs_devmem_reset_peak();
        rep->gpu_fallbacks = hs_dist_use_devices(*dist, devs, ndev);
    }
    return status;
}
