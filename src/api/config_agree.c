/* Agreement of the grid-wide configuration (see config_agree.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "api/config_agree.h"
#include "plan/gpu_placement.h"
#include "api/run_summary.h"
#include "include/hetscal.h"
#include "runtime/device_rates.h"
#include "runtime/panel_probe.h"
#include "runtime/session.h"
#include "util/cache_probe.h"

/* The values rank (0,0) decides, in the order of `names`. */
enum {
    COMMON_NB_SMALL, COMMON_NB, COMMON_NB_GPU, COMMON_OVERLAP, COMMON_DISABLE, COMMON_CACHE_KB,
    COMMON_BROADCAST, COMMON_PANELS, COMMON_PANEL_TEAM, COMMON_SUMMARY, COMMON_SMALL_CALLS,
    COMMON_IN_PLACE, COMMON_LU_GRID, COMMON_QR_GRID, COMMON_LU_SPREAD, NCOMMON
};

static const char *const names[NCOMMON] = {
    "HETSCAL_NB_SMALL", "HETSCAL_NB", "HETSCAL_NB_GPU", "HETSCAL_OVERLAP_COPIES",
    "HETSCAL_DISABLE", "HETSCAL_CACHE_KB", "HETSCAL_BROADCAST", "HETSCAL_PANELS",
    "HETSCAL_PANEL_TEAM", "HETSCAL_SUMMARY", "HETSCAL_SMALL_CALLS", "HETSCAL_IN_PLACE",
    "HETSCAL_LU_GRID", "HETSCAL_QR_GRID", "HETSCAL_LU_SPREAD"
};

static int *common_field(hs_config *cfg, int k)
{
    switch (k) {
    case COMMON_NB_SMALL: return &cfg->nb_small;
    case COMMON_NB: return &cfg->nb;
    case COMMON_NB_GPU: return &cfg->nb_gpu;
    case COMMON_OVERLAP: return &cfg->overlap_copies;
    case COMMON_DISABLE: return &cfg->disable;
    case COMMON_CACHE_KB: return &cfg->cache_kb;
    case COMMON_PANELS: return &cfg->panels;
    case COMMON_PANEL_TEAM: return &cfg->panel_team;
    case COMMON_SUMMARY: return &cfg->summary;
    case COMMON_SMALL_CALLS: return &cfg->small_calls;
    case COMMON_IN_PLACE: return &cfg->in_place;
    case COMMON_LU_GRID: return &cfg->lu_grid;
    case COMMON_QR_GRID: return &cfg->qr_grid;
    case COMMON_LU_SPREAD: return &cfg->lu_spread;
    default: return &cfg->broadcast;
    }
}

int hs_config_common_count(void)
{
    return NCOMMON;
}

const char *hs_config_common_name(int k)
{
    return k >= 0 && k < NCOMMON ? names[k] : "";
}

int hs_config_common_value(const hs_config *cfg, int k)
{
    hs_config copy = *cfg;   /* common_field hands out a writable field */
    return k >= 0 && k < NCOMMON ? *common_field(&copy, k) : 0;
}

enum { PANEL_VALUES = HS_NPANEL_KERNELS * HS_PANEL_SIZES + 1 };

/* One MPI_SUM over doubles carries everything: for each common value,
 * rank (0,0)'s value (0 from the others) and the value itself, so that
 * a rank can tell it was overridden; then the threads that run tasks at
 * once (in thousandths, rank_workers), the nodes (one from each node's
 * first rank of the grid), and the accelerator ranks' count,
 * accelerators and rates.  Every term
 * is an integer (rates in whole MFLOP/s) far below 2^53, so the sums are
 * exact in any order of reduction and every rank derives the same layout
 * from them. */
enum {
    V_ROOT = 0, V_WORKERS = 2 * NCOMMON, V_NODES, V_ACCEL_RANKS, V_ACCEL_DEVICES, V_HOST_RATE,
    V_ACCEL_RATE, V_ACCEL_KEPT, V_PANEL_RANKS, V_PANEL_KEPT, V_PANEL_HOST,
    V_PANEL_ACCEL = V_PANEL_HOST + PANEL_VALUES,
    NV = V_PANEL_ACCEL + PANEL_VALUES
};

/* A rate (GF/s, or a link's GB/s) as a value to sum: whole thousandths,
 * at least 1 where it is positive, so that a processor measured slower
 * than 1 MFLOP/s (a probe on a host loaded many times over) still counts
 * as measured, where 0 says it was not (placing its panels by default). */
static double in_thousandths(double rate)
{
    double v = floor(rate * 1e3);
    return rate > 0 && v < 1 ? 1 : v;
}

/* How many of this rank's threads run at once (hs_rank_workers), on its
 * node's CPUs (HETSCAL_NODE_CPUS, else the grid's count of them).  Four
 * one-thread ranks on two cores are two workers, not four: the tile
 * rules and the model, which give each worker its tiles, would otherwise
 * cut a call into tiles for workers that wait for the same cores
 * (PDPOTRF N = 1000 in 32-blocks, 2 x 2 on two cores: the caller's
 * blocks in place ran 2.2 times slower than the reference, 96-tiles
 * faster than it; doc/PERFORMANCE.md, session 87). */
static double rank_workers(const hs_config *cfg, const hetscal_grid *grid, int threads)
{
    int cpus = cfg->node_cpus > 0 ? cfg->node_cpus : grid->node_cpus;
    return hs_rank_workers(threads, grid->local_ranks, cpus);
}

/* A processor's panel rates, as values to sum. */
static void panel_values_put(const hs_panel_rates *r, double *v)
{
    for (int k = 0; k < HS_NPANEL_KERNELS; k++)
        for (int s = 0; s < HS_PANEL_SIZES; s++)
            v[k * HS_PANEL_SIZES + s] = in_thousandths(r->rate[k][s]);
    v[PANEL_VALUES - 1] = in_thousandths(r->link_gbs);
}

static void panel_values_mean(const double *v, int count, hs_panel_rates *r)
{
    for (int k = 0; k < HS_NPANEL_KERNELS; k++)
        for (int s = 0; s < HS_PANEL_SIZES; s++)
            r->rate[k][s] = v[k * HS_PANEL_SIZES + s] * 1e-3 / count;
    r->link_gbs = v[PANEL_VALUES - 1] * 1e-3 / count;
}

int hs_config_agree(hs_config *cfg, const hetscal_grid *grid)
{
    double mine[NV] = { 0 }, all[NV];
    int root = grid->rank == hetscal_grid_rank(grid, 0, 0);

    cfg->summary = hs_run_summary_wanted();
    /* Only rank (0,0)'s cache size counts: the others measure nothing. */
    if (root && cfg->cache_kb <= 0)
        cfg->cache_kb = hs_measured_cache_kb();
    for (int k = 0; k < NCOMMON; k++) {
        double v = *common_field(cfg, k);
        mine[V_ROOT + k] = root ? v : 0;
        mine[NCOMMON + k] = v;
    }
    /* A rank of one thread runs its tasks on the calling thread: it
     * counts as one either way. */
    int threads = cfg->num_threads > 0 ? cfg->num_threads : 1;
    mine[V_WORKERS] = rank_workers(cfg, grid, threads);
    mine[V_NODES] = grid->local_index == 0;

    /* Devices only when this rank takes part: a rank that would forward
     * the call has no reason to open them. */
    if (!cfg->disable) {
        hs_device **devs;
        int ndev;
        const char *msg;
        hs_gpu_placement place;
        if (hs_session_devices(grid->local_index, grid->local_ranks, hs_grid_gpus(grid, &place),
                               &devs, &ndev, &msg) == HETSCAL_SUCCESS &&
            ndev > 1) {
            double host_per_thread, accel;
            int source = hs_device_rates(devs, ndev, threads, grid->local_ranks,
                                         &host_per_thread, &accel);
            mine[V_ACCEL_RANKS] = 1;
            mine[V_ACCEL_DEVICES] = ndev - 1;
            mine[V_ACCEL_KEPT] = source == HS_DEVICE_RATES_FILE;
            mine[V_HOST_RATE] = in_thousandths(host_per_thread * cfg->num_threads);
            mine[V_ACCEL_RATE] = in_thousandths(accel);
            /* Only where the panels go by cost: a forced placement
             * measures nothing. */
            hs_panel_rates host, accel_panels;
            if (cfg->panels == HS_PANELS_COST) {
                int from = hs_device_panel_rates(devs, ndev, threads,
                                                 grid->local_ranks, &host, &accel_panels);
                mine[V_PANEL_RANKS] = 1;
                mine[V_PANEL_KEPT] = from == HS_DEVICE_RATES_FILE;
                panel_values_put(&host, mine + V_PANEL_HOST);
                panel_values_put(&accel_panels, mine + V_PANEL_ACCEL);
            }
        }
    }
    if (MPI_Allreduce(mine, all, NV, MPI_DOUBLE, MPI_SUM, grid->comm) != MPI_SUCCESS)
        return HETSCAL_ERR_MPI;

    for (int k = 0; k < NCOMMON; k++) {
        int *field = common_field(cfg, k), agreed = (int)all[V_ROOT + k];
        /* A cache size left to measure (0) is not this rank's own. */
        int own = !(k == COMMON_CACHE_KB && *field <= 0);
        if (*field != agreed && own && cfg->verbose)
            fprintf(stderr,
                    "hetscal: rank %d: %s is %d here and %d on rank (0,0): using %d on "
                    "the whole grid\n", grid->rank, names[k], *field, agreed, agreed);
        *field = agreed;
    }
    /* The table at MPI_Finalize is one collective: a rank whose own
     * environment differs follows its grid's. */
    hs_run_summary_agreed(cfg->summary);
    cfg->grid_threads = hs_grid_workers(all[V_WORKERS]);
    cfg->grid_nodes = all[V_NODES] >= 1 ? (int)all[V_NODES] : 1;
    cfg->accel_ranks = (int)all[V_ACCEL_RANKS];
    cfg->accel_devices = (int)all[V_ACCEL_DEVICES];
    cfg->accel_host_rate = cfg->accel_ranks ? all[V_HOST_RATE] * 1e-3 / cfg->accel_ranks : 0;
    cfg->accel_rate = cfg->accel_ranks ? all[V_ACCEL_RATE] * 1e-3 / cfg->accel_ranks : 0;
    cfg->accel_rates_kept = cfg->accel_ranks && all[V_ACCEL_KEPT] == all[V_ACCEL_RANKS];
    /* The ranks that measured (a rank whose own HETSCAL_PANELS forced a
     * placement did not, and follows the grid's). */
    int measured = (int)all[V_PANEL_RANKS];
    if (measured > 0 && cfg->panels == HS_PANELS_COST) {
        panel_values_mean(all + V_PANEL_HOST, measured, &cfg->panel_host);
        panel_values_mean(all + V_PANEL_ACCEL, measured, &cfg->panel_accel);
        cfg->panel_rates_kept = all[V_PANEL_KEPT] == measured;
    }
    return HETSCAL_SUCCESS;
}
