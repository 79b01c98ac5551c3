/* PDGEQRF's body (see qr_call.h): tiles in, the QR task program (algo/qr.c)
 * on the runtime, tiles out, then TAU: each panel's tau lies at the home
 * of its top tile; one MPI_Allreduce of the min(M, N) values over the grid
 * gives every rank the whole vector, and each writes the entries of its
 * process column (on every process row, as PDORMQR expects). */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "algo/qr.h"
#include "api/call_common.h"
#include "api/call_report.h"
#include "api/qr_call.h"
#include "include/hetscal.h"
#include "kernels/blas_threads.h"
#include "layout/desc.h"
#include "layout/repartition.h"
#include "runtime/device_memory.h"
#include "runtime/session.h"
#include "runtime/status.h"
#include "util/clock.h"

static double qr_flops(double m, double n)
{
    return m >= n ? 2.0 * m * n * n - 2.0 * n * n * n / 3.0
                  : 2.0 * n * m * m - 2.0 * m * m * m / 3.0;
}

/* The tau of the panels whose top tile lives here, in tau_all (k entries,
 * zero elsewhere); then summed over the grid. */
static void gather_tau(const hetscal_grid *grid, const hs_geometry *geo, const hs_dist *dist,
                       double *tau_all, int k)
{
    for (int i = 0; i < k; i++)
        tau_all[i] = 0.0;
    for (int c = 0; c < geo->np; c++) {
        int id = hs_qr_tau_tile(geo, c);
        const double *t = id >= 0 ? hs_dist_tile_data(dist, id) : NULL;
        for (int i = 0; t && i < hs_qr_reflectors(geo, c); i++)
            tau_all[geo->panel[c].col0 + i] = t[i];
    }
    MPI_Allreduce(MPI_IN_PLACE, tau_all, k, MPI_DOUBLE, MPI_SUM, grid->comm);
}

/* TAU(JA + i) for every i < k whose column this process column holds. */
static void write_tau(const hetscal_grid *grid, int ja, const int *desca,
                      const double *tau_all, int k, double *tau)
{
    int nb = desca[HS_NB], csrc = desca[HS_CSRC];
    for (int i = 0; i < k; i++) {
        int g = ja - 1 + i;
        if (hs_g2p(g, nb, csrc, grid->npcol) == grid->mycol)
            tau[hs_g2l(g, nb, grid->npcol)] = tau_all[i];
    }
}

/* Up to this many processes a grid of several process rows is factored
 * as one process row of all of them (columns cyclic over the processes):
 * each panel is then one DGEQRF on its process instead of TSQR with
 * reconstruction across the process rows (2x1 grid, 1 thread per rank,
 * N = 4000: ~1.75 s with TSQR, as 1x2 ~1.2 s).  The panel goes to every
 * other process, point to point, so on large grids the 2-D layout
 * stays. */
enum { QR_ONE_ROW_MAX_RANKS = 4 };

int hs_qr_call(const hetscal_grid *grid, const hs_config *cfg, int m, int n,
               double *a, int ia, int ja, const int *desca, double *tau)
{
    hs_call_report rep = { .routine = "pdgeqrf", .m = m, .n = n };
    hs_geometry geo = { 0 };
    hs_tile_home *home = NULL;
    double **tiles = NULL, *tau_all = NULL;
    hs_dist *dist = NULL;
    hs_device **devs = NULL;
    int status, ndev = 1, k = m < n ? m : n;
    double t0 = hs_now();
    int blas_threads = hs_blas_threads_enter();

    hs_call_begin(grid, cfg, ia, ja, desca, &rep);
    /* Panels b = half the Cholesky tile of the square of the same area
     * (the panel's TSQR and reconstruction cost about 3.5 times the
     * Householder panel, so panels are narrower than update tiles) in tile
     * rows of B = 4b by default: the updates' GEMMs are b x b x B and
     * B x b x b, and the tasks about as many as Cholesky's.  On one
     * process row (one tile row, below) the panel is a plain Householder
     * QR and wider panels pay: 5/6 of the Cholesky tile (320 against 192
     * at N = 4000 on 2 threads: 1.18-1.35 s against 1.19-1.58 s, three
     * interleaved pairs). */
    int size = (int)sqrt((double)m * n), big = m > n ? m : n;
    int cholesky_tile = hs_default_tile_size(size, cfg->grid_threads);
    int row_grid = grid->nprow == 1 || grid->size <= QR_ONE_ROW_MAX_RANKS;
    rep.tile = cfg->nb_small ? cfg->nb_small
                             : row_grid ? cholesky_tile * 5 / 6 : cholesky_tile / 2;
    /* Not below 64: at N = 500 on 1x2, panels of 32 took 10.8-12.7 ms and
     * panels of 64 8.6-10.5 ms (444 against ~120 tasks). */
    if (!cfg->nb_small && rep.tile < 64)
        rep.tile = 64;
    if (rep.tile > big)
        rep.tile = big;
    if (rep.tile < 1)
        rep.tile = 1;

    /* As for Cholesky, but b-wide panels in B-high tile rows (B = 4b)
     * unless HETSCAL_NB <= b asks for square b x b tiles.  On one process
     * row, without accelerators, a single tile row instead: each panel is
     * one tile and one LAPACK DGEQRF on its home rank, the b-wide columns
     * cyclic over the process columns as ScaLAPACK's on a 1 x Q grid.
     * B-high tile rows there would all live on the panel's rank and pay
     * TSQR and reconstruction for nothing (measured 5-10% slower at
     * N = 2000..4000 on one rank). */
    int one_row = row_grid && (cfg->nb == 0 || cfg->nb > rep.tile);
    int host_B = grid->nprow == 1 ? 0 : 4 * rep.tile;
    status = hs_call_layout(grid, cfg, m, n, host_B, NULL, &rep, &geo, &devs, &ndev);
    /* Without accelerators: a single tile row, and with a few process rows
     * the tiles on one process row of all the processes
     * (QR_ONE_ROW_MAX_RANKS). */
    hetscal_grid row = hs_call_one_process_row(grid);
    const hetscal_grid *tile_grid = grid;
    if (!status && one_row && rep.panel_gpu == 0) {
        if (grid->nprow > 1) {
            tile_grid = &row;
            hs_geometry_free(&geo);
            status = cfg->nb > rep.tile
                         ? hs_geometry_init_split(&geo, m, n, cfg->nb, rep.tile, 1, row.npcol)
                         : hs_geometry_init_host(&geo, m, n, rep.tile, 1, row.npcol);
        }
        if (!status)
            hs_geometry_single_tile_row(&geo);
    }
    int ntiles = status ? 0 : hs_qr_tile_count(&geo);
    if (!status) {
        home = malloc((size_t)ntiles * sizeof *home);
        tiles = calloc((size_t)(geo.mt * geo.np), sizeof *tiles);
        tau_all = malloc((size_t)k * sizeof *tau_all);
        status = home && tiles && tau_all ? HETSCAL_SUCCESS : HETSCAL_ERR_NOMEM;
    }
    if (!status) {
        hs_qr_tile_homes(&geo, tile_grid->rank_of, home);
        status = hs_call_create_tiles(grid, ntiles, home, devs, ndev, &rep, &dist);
    }
    status = hs_agree_status(grid, status);
    if (!status) {
        for (int t = 0; t < geo.mt * geo.np; t++)
            tiles[t] = hs_dist_tile_data(dist, t);
        hs_redist rd = { .grid = grid, .tile_grid = tile_grid, .geo = &geo, .a = a,
                         .desca = desca,
                         .ia = ia, .ja = ja, .m = m, .n = n, .part = HS_PART_ALL,
                         .tiles = tiles, .threads = cfg->num_threads };
        int as_tasks = hs_call_copy_as_tasks(grid, cfg, &rep, dist, &rd);
        status = as_tasks ? HETSCAL_SUCCESS : hs_redist_to_tiles(&rd);
        rep.t_in = hs_now() - t0;
        if (!status) {
            double t1 = hs_now();
            hs_qr qr = { .geo = &geo, .dist = dist };
            /* Workers even for tiny calls: the calling thread running
             * the tasks measured no better for QR (interleaved calls, one
             * rank: N = 100 slower in 25 of 40 pairs, N = 200 faster in
             * 25 of 40). */
            hs_engine_limits limits = {
                .workers = hs_call_workers(cfg, 0, &rep), .window = cfg->window,
                .copy_budget = hs_copy_budget(cfg, rep.share_bytes, rep.tile),
                .devs = devs, .ndev = ndev };
            int err = hs_session_run(grid->comm, &limits, hs_qr_generate, &qr, &rep.stats);
            rep.peak_device_bytes = hs_devmem_peak();
            status = hs_status_merge(err, hs_dist_local_status(dist));
            rep.t_factor = hs_now() - t1;
            double t2 = hs_now();
            int out = as_tasks ? HETSCAL_SUCCESS : hs_redist_to_matrix(&rd);
            rep.t_out = hs_now() - t2;
            status = hs_agree_status(grid, status ? status : out);
            if (!status) {
                gather_tau(grid, &geo, dist, tau_all, k);
                write_tau(grid, ja, desca, tau_all, k, tau);
            }
        }
    }
    hs_blas_threads_leave(blas_threads);
    hs_call_destroy_tiles(cfg, dist);
    free(home);
    free(tiles);
    free(tau_all);
    hs_geometry_free(&geo);

    rep.flops = qr_flops(m, n);
    hs_call_end(grid, cfg, t0, status, &rep);
    return status;
}
