/* Measured split of a tile column between host and accelerators (see
 * device_split.h). */
#include "config.h"

#include <stdlib.h>

#include "api/device_split.h"
#include "runtime/engine.h"
#include "runtime/session.h"
#include "util/clock.h"

enum { PROBE = 256, PROBE_REPS = 3 };

/* GFLOP/s of a PROBE-sized DGEMM on dev (one stream, data on the device);
 * 0 if it cannot be measured. */
static double dgemm_rate(hs_device *dev)
{
    size_t bytes = (size_t)PROBE * PROBE * sizeof(double);
    double *a = dev->ops->alloc(dev, bytes), *c = dev->ops->alloc(dev, bytes);
    double *host = calloc((size_t)PROBE * PROBE, sizeof *host), best = 0;
    hs_event *ev = NULL;

    for (int i = 0; host && i < PROBE * PROBE; i++)
        host[i] = (double)(i % 7) * 0.125;
    if (a && c && host &&
        !dev->ops->copy(dev, HS_STREAM_COMPUTE, dev->index ? HS_COPY_H2D : HS_COPY_D2D,
                        PROBE, PROBE, host, PROBE, a, PROBE) &&
        !dev->ops->copy(dev, HS_STREAM_COMPUTE, dev->index ? HS_COPY_H2D : HS_COPY_D2D,
                        PROBE, PROBE, host, PROBE, c, PROBE)) {
        /* The first run warms the device up (library handles, clocks). */
        for (int rep = 0; rep <= PROBE_REPS; rep++) {
            double t0 = hs_now();
            if (hs_dev_dgemm(dev, HS_STREAM_COMPUTE, 'N', 'N', PROBE, PROBE, PROBE, 1e-3, a,
                             PROBE, a, PROBE, 0.5, c, PROBE) ||
                dev->ops->event_record(dev, HS_STREAM_COMPUTE, &ev))
                break;
            int err = dev->ops->event_wait(dev, ev);
            dev->ops->event_free(dev, ev);
            double t = hs_now() - t0;
            if (err)
                break;
            if (rep > 0 && t > 0 && 2.0 * PROBE * PROBE * PROBE / t * 1e-9 > best)
                best = 2.0 * PROBE * PROBE * PROBE / t * 1e-9;
        }
    }
    (void)dev->ops->synchronize(dev);
    if (a)
        dev->ops->free(dev, a);
    if (c)
        dev->ops->free(dev, c);
    free(host);
    return best;
}

/* This process's host DGEMM rate per thread and summed accelerator rate,
 * measured at the first call. */
static void local_rates(hs_device **devs, int ndev, int generation, double *host,
                        double *accel)
{
    static double rate[HS_MAX_DEVICES];
    static int measured;
    if (measured != generation) {
        for (int x = 0; x < ndev && x < HS_MAX_DEVICES; x++)
            rate[x] = dgemm_rate(devs[x]);
        measured = generation;
    }
    *host = rate[0];
    *accel = 0;
    for (int x = 1; x < ndev && x < HS_MAX_DEVICES; x++)
        *accel += rate[x];
}

/* The grid's ranks with accelerators and their average rates, agreed at
 * the first call on the grid (collective then) and kept in the grid. */
static void agree_rates(const hetscal_grid *grid, hs_device **devs, int ndev, int generation)
{
    hetscal_grid *g = (hetscal_grid *)grid;   /* the grid's cache slot */
    if (g->rates_agreed == generation)
        return;
    double mine[3] = { ndev > 1, 0, 0 }, all[3];
    if (ndev > 1)
        local_rates(devs, ndev, generation, &mine[1], &mine[2]);
    MPI_Allreduce(mine, all, 3, MPI_DOUBLE, MPI_SUM, grid->comm);
    g->ranks_with_accel = (int)all[0];
    g->host_rate = all[0] > 0 ? all[1] / all[0] : 0;
    g->accel_rate = all[0] > 0 ? all[2] / all[0] : 0;
    g->rates_agreed = generation;
}

int hs_accelerator_panel_width(const hetscal_grid *grid, const hs_config *cfg,
                               hs_device **devs, int ndev, int B, int b)
{
    agree_rates(grid, devs, ndev, hs_session_device_generation());
    if (grid->ranks_with_accel == 0)
        return 0;   /* ranks without accelerators run those panels on the host */
    if (cfg->nb_gpu > 0)
        return cfg->nb_gpu < B ? cfg->nb_gpu : B;
    if (grid->accel_rate <= 0)
        return 0;
    double host = cfg->num_threads * grid->host_rate;
    int panels = (int)(host / (host + grid->accel_rate) * B / b + 0.5);
    return panels * b < B ? B - panels * b : 0;
}
