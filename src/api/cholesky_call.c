/* PDPOTRF's body (see cholesky_call.h).  Upper is factored as the lower
 * factor of the transpose: the repartition transposes the blocks. */
#include "config.h"

#include <stdlib.h>

#include "algo/cholesky.h"
#include "api/call_common.h"
#include "api/call_report.h"
#include "api/cholesky_call.h"
#include "include/hetscal.h"
#include "kernels/blas_threads.h"
#include "layout/desc.h"
#include "layout/repartition.h"
#include "runtime/device_memory.h"
#include "runtime/session.h"
#include "runtime/status.h"
#include "util/clock.h"

/* Up to this many flops (N = 228) the calling thread runs the tasks
 * (hs_call_workers).  Interleaved calls, 2 threads: N = 100
 * faster in 38 of 40 pairs (median 73 against 120 us), N = 200 in 38 of
 * 40 (344 against 478 us), N = 300 slower in 37 of 40. */
enum { TINY_FLOPS = 4000000 };

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

    hs_call_begin(grid, cfg, ia, ja, desca, &rep);
    rep.flops = (double)n * n * n / 3.0;
    rep.tile = cfg->nb_small ? cfg->nb_small
                             : hs_default_tile_size(n, cfg->grid_threads);
    if (rep.tile > n)
        rep.tile = n;

    /* Accelerators anywhere: the multi-level layout; HETSCAL_NB > tile:
     * host panels in B-high tile rows; otherwise square tiles, the
     * caller's blocks when they fit.  Lower only: the upper factor's tiles
     * are transposed blocks, which the caller's layout puts on transposed
     * grid positions. */
    hs_caller_tiles caller = { 0, 0, 0 };
    if (!upper)
        caller = hs_call_caller_tiles(grid, cfg, rep.tile, ia, ja, desca);
    status = hs_call_layout(grid, cfg, n, n, 0, &caller, &rep, &geo, &devs, &ndev);
    int ntiles = geo.mt * geo.np;
    if (!status) {
        home = malloc((size_t)ntiles * sizeof *home);
        tiles = calloc((size_t)ntiles, sizeof *tiles);
        status = home && tiles ? HETSCAL_SUCCESS : HETSCAL_ERR_NOMEM;
    }
    if (!status) {
        hs_cholesky_tile_homes(&geo, grid->rank_of, home);
        status = hs_call_create_tiles(grid, ntiles, home, devs, ndev, &rep, &dist);
    }
    status = hs_agree_status(grid, status);
    if (!status) {
        for (int t = 0; t < ntiles; t++)
            tiles[t] = hs_dist_tile_data(dist, t);
        hs_redist rd = { .grid = grid, .geo = &geo, .a = a, .desca = desca,
                         .ia = ia, .ja = ja, .m = n, .n = n, .transpose = upper,
                         .part = upper ? HS_PART_UPPER : HS_PART_LOWER, .tiles = tiles,
                         .threads = cfg->num_threads };
        int as_tasks = hs_call_copy_as_tasks(grid, cfg, &rep, dist, &rd);
        status = as_tasks ? HETSCAL_SUCCESS : hs_redist_to_tiles(&rd);
        rep.t_in = hs_now() - t0;
        if (!status) {
            double t1 = hs_now();
            hs_cholesky ch = { .geo = &geo, .dist = dist };
            hs_engine_limits limits = {
                .workers = hs_call_workers(cfg, rep.flops <= TINY_FLOPS, &rep),
                .window = cfg->window,
                .copy_budget = hs_copy_budget(cfg, rep.share_bytes, rep.tile),
                .devs = devs, .ndev = ndev };
            int err = hs_session_run(grid->comm, &limits, hs_cholesky_generate, &ch,
                                     &rep.stats);
            rep.peak_device_bytes = hs_devmem_peak();
            status = hs_status_merge(err, hs_dist_local_status(dist));
            rep.t_factor = hs_now() - t1;
            double t2 = hs_now();
            int out = as_tasks ? HETSCAL_SUCCESS : hs_redist_to_matrix(&rd);
            rep.t_out = hs_now() - t2;
            status = hs_agree_status(grid, status ? status : out);
        }
    }
    hs_blas_threads_leave(blas_threads);
    hs_call_destroy_tiles(cfg, dist);
    free(home);
    free(tiles);
    hs_geometry_free(&geo);

    hs_call_end(grid, cfg, t0, status, &rep);
    return status;
}
