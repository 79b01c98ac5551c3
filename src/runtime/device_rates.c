/* DGEMM rate probe of the host and the accelerators (see device_rates.h). */
#include "config.h"

#include <stdlib.h>

#include "runtime/device_rates.h"
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

void hs_device_rates(hs_device **devs, int ndev, double *host_per_thread, double *accel)
{
    static double rate[HS_MAX_DEVICES];
    static int measured;
    int generation = hs_session_device_generation();
    if (measured != generation) {
        for (int x = 0; x < ndev && x < HS_MAX_DEVICES; x++)
            rate[x] = dgemm_rate(devs[x]);
        measured = generation;
    }
    *host_per_thread = rate[0];
    *accel = 0;
    for (int x = 1; x < ndev && x < HS_MAX_DEVICES; x++)
        *accel += rate[x];
}
