/* PDPOTRF's body (see cholesky_call.h).  Upper is factored as the lower
 * factor of the transpose: the repartition transposes the blocks. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>

#include "algo/cholesky.h"
#include "api/call_report.h"
#include "api/cholesky_call.h"
#include "api/device_split.h"
#include "include/hetscal.h"
#include "kernels/blas_threads.h"
#include "layout/desc.h"
#include "layout/repartition.h"
#include "runtime/device_memory.h"
#include "runtime/session.h"
#include "runtime/status.h"
#include "runtime/trace.h"
#include "util/clock.h"
#include "util/mem.h"

/* One agreed status over the grid: runtime errors (negative) beat INFO
 * (positive), the smallest INFO wins, 0 when nothing failed. */
static int agree_status(const hetscal_grid *grid, int status)
{
    int key = status == 0 ? INT_MAX : status, all;
    MPI_Allreduce(&key, &all, 1, MPI_INT, MPI_MIN, grid->comm);
    return all == INT_MAX ? 0 : all;
}

static double local_share_bytes(const hetscal_grid *g, int n, int ia, int ja, const int *desca)
{
    int mb = desca[HS_MB], nb = desca[HS_NB];
    int prow0 = hs_g2p(ia - 1, mb, desca[HS_RSRC], g->nprow);
    int pcol0 = hs_g2p(ja - 1, nb, desca[HS_CSRC], g->npcol);
    double rows = hs_numroc(n, mb, g->myrow, prow0, g->nprow);
    double cols = hs_numroc(n, nb, g->mycol, pcol0, g->npcol);
    return rows * cols * sizeof(double);
}

/* Received copies may take this much memory: a fraction of the rank's
 * share, but room for a few tiles whatever the share. */
static double copy_budget(const hs_config *cfg, double share_bytes, int tile)
{
    double floor_bytes = 8.0 * tile * tile * sizeof(double);
    double budget = cfg->copy_fraction * share_bytes;
    return budget > floor_bytes ? budget : floor_bytes;
}

int hs_cholesky_call(const hetscal_grid *grid, const hs_config *cfg, int upper,
                     int n, double *a, int ia, int ja, const int *desca)
{
    hs_call_report rep = { .routine = "pdpotrf", .m = n, .n = n };
    hs_geometry geo = { 0 };
    hs_tile_home *home = NULL;
    double **tiles = NULL;
    hs_dist *dist = NULL;
    hs_device **devs = NULL;
    int status, ndev = 1;
    double t0 = hs_now();
    int blas_threads = hs_blas_threads_enter();

    hs_session_register_shutdown();
    hs_trace_begin_call("pdpotrf", grid->rank);
    hs_mem_reset_peak();
    rep.share_bytes = local_share_bytes(grid, n, ia, ja, desca);
    rep.threads = cfg->num_threads;
    rep.window = cfg->window;
    rep.tile = cfg->nb_small ? cfg->nb_small
                             : hs_default_tile_size(n, grid->size, cfg->num_threads);
    if (rep.tile > n)
        rep.tile = n;

    status = hs_session_devices(grid, &devs, &ndev, &rep.devices);
    rep.ndev = ndev;
    /* Accelerators anywhere: the multi-level layout (B-high tile rows,
     * b-wide host panels, one Bg-wide accelerator panel per B columns);
     * HETSCAL_NB > tile without accelerators: host panels only; otherwise
     * square b x b tiles. */
    int B = cfg->nb > rep.tile ? cfg->nb : 4 * rep.tile;
    if (status)
        ndev = 1;
    rep.panel_gpu = hs_accelerator_panel_width(grid, cfg, devs, ndev, B, rep.tile);
    if (status)
        ;
    else if (rep.panel_gpu > 0)
        status = hs_geometry_init_hybrid(&geo, n, n, B, rep.tile, rep.panel_gpu, grid->nprow,
                                         grid->npcol);
    else if (cfg->nb > rep.tile)
        status = hs_geometry_init_split(&geo, n, n, cfg->nb, rep.tile, grid->nprow,
                                        grid->npcol);
    else
        status = hs_geometry_init_host(&geo, n, n, rep.tile, grid->nprow, grid->npcol);
    int ntiles = geo.mt * geo.np;
    if (!status) {
        home = malloc((size_t)ntiles * sizeof *home);
        tiles = calloc((size_t)ntiles, sizeof *tiles);
        status = home && tiles ? HETSCAL_SUCCESS : HETSCAL_ERR_NOMEM;
    }
    if (!status) {
        hs_cholesky_tile_homes(&geo, grid->rank_of, home);
        status = hs_dist_create(&dist, grid->comm, ntiles, home);
    }
    if (!status) {
        hs_devmem_reset_peak();
        rep.gpu_fallbacks = hs_dist_use_devices(dist, devs, ndev);
    }
    status = agree_status(grid, status);
    if (!status) {
        for (int t = 0; t < ntiles; t++)
            tiles[t] = hs_dist_tile_data(dist, t);
        hs_redist rd = { .grid = grid, .geo = &geo, .a = a, .desca = desca,
                         .ia = ia, .ja = ja, .m = n, .n = n, .transpose = upper,
                         .part = upper ? HS_PART_UPPER : HS_PART_LOWER, .tiles = tiles };
        status = hs_redist_to_tiles(&rd);
        rep.t_in = hs_now() - t0;
        if (!status) {
            double t1 = hs_now();
            hs_cholesky ch = { .geo = &geo, .dist = dist };
            hs_engine_limits limits = {
                .workers = cfg->num_threads, .window = cfg->window,
                .copy_budget = copy_budget(cfg, rep.share_bytes, rep.tile),
                .devs = devs, .ndev = ndev };
            int err = hs_session_run(grid->comm, &limits, hs_cholesky_generate, &ch,
                                     &rep.stats);
            rep.peak_device_bytes = hs_devmem_peak();
            status = hs_status_merge(err, hs_dist_local_status(dist));
            rep.t_factor = hs_now() - t1;
            double t2 = hs_now();
            int out = hs_redist_to_matrix(&rd);
            rep.t_out = hs_now() - t2;
            status = agree_status(grid, status ? status : out);
        }
    }
    rep.peak_extra_bytes = hs_mem_peak_bytes();
    hs_blas_threads_leave(blas_threads);
    hs_dist_destroy(dist);
    free(home);
    free(tiles);
    hs_geometry_free(&geo);

    rep.info = status;
    rep.t_total = hs_now() - t0;
    rep.flops = (double)n * n * n / 3.0;
    hs_trace_end_call();
    if (cfg->verbose)
        hs_call_report_print(grid, &rep);
    return status;
}
