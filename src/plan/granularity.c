/* The host tile from the machine's kernel rates (see granularity.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "plan/granularity.h"
#include "kernels/cholesky_kernels.h"
#include "layout/tile_model.h"
#include "util/clock.h"
#include "util/kernel_rates.h"

static const char *const source_name[] = { "measured", "rates file", "HETSCAL_KERNEL_RATES" };

/* The grid's rates: every rank's in whole MFLOP/s summed (exact in any
 * order of reduction), then divided by the ranks; a size is known only
 * when every rank knows it.  Returns 0, or -1 when MPI fails (the same on
 * every rank). */
static int agree_rates(const hetscal_grid *grid, int count, double rates[][HS_NRATES])
{
    enum { PER_SIZE = HS_NRATES + 1 };
    if (grid->comm == MPI_COMM_NULL)
        return 0;   /* a simulated grid (sim/sim_call.h): its ranks are alike */
    double mine[HS_RATE_SIZES * PER_SIZE], all[HS_RATE_SIZES * PER_SIZE];
    for (int s = 0; s < count; s++) {
        int known = 1;
        for (int k = 0; k < HS_NRATES; k++) {
            mine[s * PER_SIZE + k] = floor(rates[s][k] * 1e3 + 0.5);
            known = known && rates[s][k] > 0;
        }
        mine[s * PER_SIZE + HS_NRATES] = known;
    }
    if (MPI_Allreduce(mine, all, count * PER_SIZE, MPI_DOUBLE, MPI_SUM, grid->comm)
        != MPI_SUCCESS)
        return -1;
    for (int s = 0; s < count; s++) {
        int everywhere = (int)all[s * PER_SIZE + HS_NRATES] == grid->size;
        for (int k = 0; k < HS_NRATES; k++)
            rates[s][k] = everywhere ? all[s * PER_SIZE + k] / grid->size * 1e-3 : 0;
    }
    return 0;
}

/* Rank 0 of the grid: the choice on one line; the rates and each size's
 * predicted time too when they were measured in this call, or with
 * HETSCAL_VERBOSE=2. */
static void explain(const hetscal_grid *grid, const hs_config *cfg, int n, int b, int source,
                    double probe_seconds, int count, double rates[][HS_NRATES],
                    const double *predicted)
{
    if (!cfg->verbose || grid->rank != 0)
        return;
    char from[64];
    if (probe_seconds >= 1e-3)
        snprintf(from, sizeof from, "measured in %.2f s", probe_seconds);
    else
        snprintf(from, sizeof from, "%s", source_name[source]);
    fprintf(stderr,
            "hetscal: tile %d for N = %d on %d threads: the least predicted time from the "
            "kernel rates (%s)\n", b, n, cfg->grid_threads, from);
    if (probe_seconds < 1e-3 && cfg->verbose < 2)
        return;
    fprintf(stderr, "hetscal:   tile   GF/s per thread: gemm   syrk   trsm  potrf  predicted\n");
    for (int s = 0; s < count; s++)
        fprintf(stderr, "hetscal:   %4d                 %6.1f %6.1f %6.1f %6.1f  %s%.3f s%s\n",
                hs_rate_size[s], rates[s][HS_RATE_GEMM], rates[s][HS_RATE_SYRK],
                rates[s][HS_RATE_TRSM], rates[s][HS_RATE_POTRF],
                predicted[s] > 0 ? "" : "(not considered) ", predicted[s],
                hs_rate_size[s] == b ? "  <- chosen" : "");
}

/* How much slower than the chosen tile the model may predict the caller's
 * blocks and still take them as tiles: they save building the tiles (a
 * repartition across ranks, a small part of a large call), which does not
 * pay for kernels that run slower throughout the call. */
#define CALLER_BLOCKS_SLACK 0.05
/* Above HS_GRID_SHARE_BYTES a rank, copied tiles double its
 * footprint, which "do no harm" bounds at half the share; the model then
 * takes the caller's blocks within CALLER_BLOCKS_MEMORY_SLACK.  The
 * prediction leaves out the copies in and out, a tenth of such a call on
 * 2x2 grids, and the caller's blocks then ran as fast as the copied tiles
 * predicted 8-17% faster (doc/PERFORMANCE.md, session 64). */
#define CALLER_BLOCKS_MEMORY_SLACK 0.20

/* The GEMM rate of the caller's b-blocks' strips (algo/cholesky.c): one
 * GEMM over a run of a rank's tiles of a column, HS_CHOL_STRIP_TILES at
 * most, about half a rank's tiles of a whole column on average over the
 * trailing columns; priced as the simulator prices a GEMM, at the rate of
 * the largest measured size at most the cube root of its work (never
 * below the blocks' own rate, s). */
static double strip_gemm_rate(const hetscal_grid *grid, int n, int b, int count,
                              double rates[][HS_NRATES], int s)
{
    int tiles = ((n + b - 1) / b + grid->nprow - 1) / grid->nprow / 2;
    if (tiles > HS_CHOL_STRIP_TILES)
        tiles = HS_CHOL_STRIP_TILES;
    double side = cbrt((double)(tiles > 1 ? tiles : 1)) * b, rate = rates[s][HS_RATE_GEMM];
    for (int k = s + 1; k < count && hs_rate_size[k] <= side; k++)
        if (rates[k][HS_RATE_GEMM] > rate)
            rate = rates[k][HS_RATE_GEMM];
    return rate;
}

/* Whether the model predicts the caller's b x b blocks within the slack of
 * the chosen tile's time (rates of the largest measured size <= b; none
 * below the smallest; in place, the updates in strips: every one of the
 * lower factor's, the panel's process column's of the upper one's).
 * Rank 0 says why with HETSCAL_VERBOSE=2. */
static int caller_blocks_fit(const hetscal_grid *grid, const hs_config *cfg, int n,
                             int caller_b, int upper, int count, double rates[][HS_NRATES],
                             const double *predicted, int chosen, double share)
{
    int s = -1, c = -1;
    for (int k = 0; k < count; k++) {
        if (hs_rate_size[k] <= caller_b && rates[k][HS_RATE_GEMM] > 0)
            s = k;
        if (hs_rate_size[k] == chosen)
            c = k;
    }
    int verbose = cfg->verbose >= 2 && grid->rank == 0;
    if (s < 0 || c < 0) {
        if (verbose && caller_b != chosen)
            fprintf(stderr, "hetscal: the caller's %d-blocks are not the tiles: no measured "
                            "size at or below them\n", caller_b);
        return 0;
    }
    double strip_share = !cfg->in_place || cfg->accel_ranks > 0 ? 0
                         : upper ? 1.0 / grid->npcol : 1;
    double strip_gemm = strip_gemm_rate(grid, n, caller_b, count, rates, s);
    double t = hs_tile_model_cholesky_strips_seconds(n, caller_b, cfg->grid_threads, rates[s],
                                                     strip_gemm, strip_share);
    int large = share > HS_GRID_SHARE_BYTES;
    double slack = large ? CALLER_BLOCKS_MEMORY_SLACK : CALLER_BLOCKS_SLACK;
    int fit = t <= predicted[c] * (1 + slack);
    /* hs_call_caller_tiles's size rule has the last word. */
    int sized = hs_caller_blocks_sized(n, caller_b, chosen, large ? HS_SMALL_BLOCKS_FROM : 0);
    if (verbose && caller_b != chosen)
        fprintf(stderr, "hetscal: the caller's %d-blocks %s the tiles: predicted %.3f s (rates "
                        "of %d, %.0f%% of the GEMMs in strips at %.1f GF/s), tile %d's %.3f s, "
                        "%.0f%% allowed (shares %s 64 MiB)%s\n",
                caller_b, fit && sized ? "are" : "are not", t, hs_rate_size[s],
                strip_share * 100, strip_gemm, chosen, predicted[c], slack * 100,
                large ? "above" : "up to",
                fit && !sized ? "; but not within the size rule (hs_caller_blocks_sized)" : "");
    return fit;
}

int hs_granularity_cholesky_tile(const hetscal_grid *grid, const hs_config *cfg, int n,
                                 int caller_b, int upper, int *caller_ok)
{
    *caller_ok = 1;
    if (cfg->nb_small)
        return cfg->nb_small;
    int rule = hs_default_tile_size(n, cfg->grid_threads);
    /* A share that fits in the cache runs its kernels on tiles in cache,
     * where the size rule holds; the probe measures tiles from memory. */
    double share = (double)n * n * sizeof(double) / grid->size;
    int count = 0;
    while (count < HS_RATE_SIZES && (long)hs_rate_size[count] * HS_TILE_MODEL_MIN_COLUMNS <= n)
        count++;
    if (share <= cfg->cache_kb * 1024.0 || count == 0) {
        if (cfg->verbose >= 2 && grid->rank == 0 && count == 0)
            fprintf(stderr, "hetscal: tile %d for N = %d on %d threads: the size rule (too few "
                            "columns for the measured tile sizes)\n", rule, n, cfg->grid_threads);
        else if (cfg->verbose >= 2 && grid->rank == 0)
            fprintf(stderr, "hetscal: tile %d for N = %d on %d threads: the size rule (the share, "
                            "%.1f MiB, fits in the cache, %d KiB, %s)\n", rule, n,
                    cfg->grid_threads, share / 1048576.0, cfg->cache_kb,
                    getenv("HETSCAL_CACHE_KB") ? "HETSCAL_CACHE_KB" : "measured by rank (0,0)");
        return rule;
    }

    double rates[HS_RATE_SIZES][HS_NRATES], predicted[HS_RATE_SIZES];
    double t0 = hs_now();
    int source = hs_kernel_rates(count, cfg->num_threads, grid->local_ranks, rates);
    double probe_seconds = hs_now() - t0;
    if (agree_rates(grid, count, rates))
        return rule;
    int b = hs_tile_model_choose(n, cfg->grid_threads, rates, count, predicted);
    explain(grid, cfg, n, b ? b : rule, source, probe_seconds, count, rates, predicted);
    if (b && caller_b > 0)
        *caller_ok = caller_blocks_fit(grid, cfg, n, caller_b, upper, count, rates, predicted, b,
                                       share);
    return b ? b : rule;
}
