/* Panel-kernel rate probe (see panel_probe.h). */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "runtime/device_rates.h"
#include "runtime/engine.h"
#include "runtime/panel_probe.h"
#include "runtime/probe_matrix.h"
#include "util/blas_threads.h"
#include "util/clock.h"
#include "util/flop_counts.h"
#include "util/kernel_rates_file.h"
#include "util/precision.h"

/* Each kernel runs at the rated sizes in increasing order until one run
 * takes LAST_SECONDS: the next size (8 times the flops) would take too
 * long to probe, and larger sizes take the rate of the last one measured
 * (hs_panel_rate_at); on the host that is about 1024.  Of PROBE_REPS runs
 * at a size the fastest counts; the first size is run once more before,
 * to warm up (library handles, workspaces, clocks).  The link: LINK_N x
 * LINK_N doubles each way, the best of PROBE_REPS. */
enum { PROBE_REPS = 2, LINK_N = 1024 };
static const double LAST_SECONDS = 0.01;

typedef struct probe {
    hs_device *dev;
    int n;
    double *a, *pristine, *tau;
    int *piv;   /* INFO and pivots of ?GETRF, in device memory */
} probe;

static void probe_free(probe *p)
{
    hs_device *dev = p->dev;
    void *bufs[] = { p->a, p->pristine, p->tau, p->piv };
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        if (bufs[i])
            dev->ops->free(dev, bufs[i]);
    p->a = p->pristine = p->tau = NULL;
    p->piv = NULL;
}

/* A diagonally dominant symmetric n x n matrix (positive definite: every
 * kernel runs to the end). */
static void pristine_fill(double *host, int n)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            host[(size_t)j * n + i] = i == j ? n : 0.5 / (1 + (i + j) % 7);
}

/* The buffers, pristine_fill's matrix in p->pristine. */
static int probe_init(probe *p, hs_device *dev, int n)
{
    size_t bytes = (size_t)n * n * sizeof(double);
    *p = (probe){ .dev = dev, .n = n, .a = dev->ops->alloc(dev, bytes),
                  .pristine = dev->ops->alloc(dev, bytes),
                  .tau = dev->ops->alloc(dev, (size_t)n * sizeof(double)),
                  .piv = dev->ops->alloc(dev, (size_t)(n + 1) * sizeof(int)) };
    int err = -1;
    if (p->a && p->pristine && p->tau && p->piv)
        err = hs_probe_matrix_upload(dev, n, pristine_fill, &p->pristine, 1);
    if (err)
        probe_free(p);
    return err;
}

/* Seconds of one run of kernel k on a fresh copy of the matrix, or < 0. */
static double run_once(probe *p, int k)
{
    hs_device *dev = p->dev;
    int n = p->n, info = 0, s = HS_STREAM_COMPUTE;
    if (dev->ops->copy(dev, s, HS_COPY_D2D, n, n, (int)sizeof(double), p->pristine, n, p->a, n)
        || dev->ops->synchronize(dev))
        return -1;
    double t0 = hs_now();
    int err = k == HS_PANEL_POTRF   ? hs_dev_potrf(dev, s, HS_PREC_D, 'L', n, p->a, n, &info)
              : k == HS_PANEL_GETRF ? hs_dev_getrf(dev, s, HS_PREC_D, n, n, p->a, n, p->piv)
              : k == HS_PANEL_GEQRF ? hs_dev_geqrf(dev, s, HS_PREC_D, n, n, p->a, n, p->tau, 1,
                                                   NULL, 1)
                                    : hs_dev_gemm(dev, s, HS_PREC_D, 'N', 'N', n, n, n, -1.0 / n,
                                                  p->pristine, n, p->pristine, n, 1.0, p->a, n);
    err = err || dev->ops->synchronize(dev);
    return err || info ? -1 : hs_now() - t0;
}

static double kernel_flops(int k, int n)
{
    return k == HS_PANEL_POTRF   ? hs_flops_potrf(n)
           : k == HS_PANEL_GETRF ? hs_flops_getrf(n, n)
           : k == HS_PANEL_GEQRF ? hs_flops_geqrf(n, n)
                                 : 2.0 * n * n * (double)n;
}

/* Host <-> accelerator GB/s, each way (0 when it cannot be measured). */
static double link_rate(hs_device *dev)
{
    size_t bytes = (size_t)LINK_N * LINK_N * sizeof(double);
    double *host = dev->ops->host_alloc(dev, bytes), best = 0;
    void *buf = dev->ops->alloc(dev, bytes);
    for (int rep = 0; host && buf && rep <= PROBE_REPS; rep++) {
        double t0 = hs_now();
        int es = (int)sizeof(double);
        if (dev->ops->copy(dev, HS_STREAM_COMPUTE, HS_COPY_H2D, LINK_N, LINK_N, es, host,
                           LINK_N, buf, LINK_N)
            || dev->ops->copy(dev, HS_STREAM_COMPUTE, HS_COPY_D2H, LINK_N, LINK_N, es, buf,
                              LINK_N, host, LINK_N)
            || dev->ops->synchronize(dev))
            break;
        double seconds = hs_now() - t0;
        if (rep > 0 && seconds > 0 && 2.0 * bytes / seconds * 1e-9 > best)
            best = 2.0 * bytes / seconds * 1e-9;   /* rep 0 warms up */
    }
    if (buf)
        dev->ops->free(dev, buf);
    if (host)
        dev->ops->host_free(dev, host);
    return best;
}

int hs_panel_rates_measure(hs_device *dev, hs_panel_rates *rates)
{
    memset(rates, 0, sizeof *rates);
    int entered = hs_blas_threads_enter(), err = 0;
    for (int k = 0; k < HS_NPANEL_KERNELS && !err; k++) {
        for (int s = 0; s < HS_PANEL_SIZES; s++) {
            probe p;
            if (probe_init(&p, dev, hs_panel_size[s]))
                break;   /* out of device memory: the sizes below count */
            double best = -1;
            for (int rep = s == 0 ? -1 : 0; rep < PROBE_REPS; rep++) {
                double t = run_once(&p, k);
                if (rep >= 0 && t > 0 && (best < 0 || t < best))
                    best = t;
            }
            probe_free(&p);
            if (best <= 0)
                break;
            rates->rate[k][s] = kernel_flops(k, hs_panel_size[s]) / best * 1e-9;
            if (best >= LAST_SECONDS)
                break;
        }
        err = rates->rate[k][0] > 0 ? 0 : -1;
    }
    if (!err && dev->index > 0)
        rates->link_gbs = link_rate(dev);
    (void)dev->ops->synchronize(dev);
    hs_blas_threads_leave(entered);
    return err;
}

/* One processor's rates from the rates file, else measured and written
 * there; the file's line is the one used (the first of the node's ranks
 * to measure that kind of processor wrote it). */
static int rates_of(hs_device *dev, int threads, int local_ranks, hs_panel_rates *rates,
                    int *from_file)
{
    char host[HS_RATES_SIGNATURE], sig[HS_RATES_SIGNATURE + 80];
    hs_rates_signature(host, threads, local_ranks);
    snprintf(sig, sizeof sig, "device=%s;%s", dev->model, host);
    *from_file = hs_rates_file_load_panel(sig, rates) == 0;
    if (*from_file)
        return 0;
    if (hs_panel_rates_measure(dev, rates))
        return -1;
    hs_rates_file_store_panel(sig, rates);
    (void)hs_rates_file_load_panel(sig, rates);
    return 0;
}

int hs_device_panel_rates(hs_device **devs, int ndev, int threads, int local_ranks,
                          hs_panel_rates *host, hs_panel_rates *accel)
{
    /* Kept for the process while the kinds of devices and the setup stay
     * the same, a failed measurement too: devices opened again (after a
     * failure, for another grid) then place the panels as before, and
     * the same call gives the same bits.  Concurrent callers share them. */
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static hs_panel_rates kept_host, kept_accel;
    static int source;
    static hs_devices_key kept;
    pthread_mutex_lock(&lock);
    if (hs_devices_key_renew(&kept, devs, ndev, threads, local_ranks)) {
        int from_file, failed = rates_of(devs[0], threads, local_ranks, &kept_host, &from_file);
        source = from_file ? HS_DEVICE_RATES_FILE : HS_DEVICE_RATES_MEASURED;
        memset(&kept_accel, 0, sizeof kept_accel);
        hs_panel_rates each[HS_MAX_DEVICES];
        int counted = 0;
        for (int x = 1; x < ndev && x < HS_MAX_DEVICES && !failed; x++) {
            /* Devices of one model are measured once. */
            int first = 1;
            while (first < x && strcmp(devs[first]->model, devs[x]->model) != 0)
                first++;
            if (first < x) {
                each[x] = each[first];
            } else if (rates_of(devs[x], threads, local_ranks, &each[x], &from_file)) {
                failed = 1;
                break;
            } else if (!from_file) {
                source = HS_DEVICE_RATES_MEASURED;
            }
            for (int k = 0; k < HS_NPANEL_KERNELS; k++)
                for (int s = 0; s < HS_PANEL_SIZES; s++)
                    kept_accel.rate[k][s] += each[x].rate[k][s];
            kept_accel.link_gbs += each[x].link_gbs;
            counted++;
        }
        if (failed)
            memset(&kept_accel, 0, sizeof kept_accel);
        for (int k = 0; counted > 0 && k < HS_NPANEL_KERNELS; k++)
            for (int s = 0; s < HS_PANEL_SIZES; s++)
                kept_accel.rate[k][s] /= counted;
        if (counted > 0)
            kept_accel.link_gbs /= counted;
    }
    *host = kept_host;
    *accel = kept_accel;
    int from = source;
    pthread_mutex_unlock(&lock);
    return from;
}
