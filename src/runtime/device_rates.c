/* DGEMM rate probe of the host and the accelerators (see device_rates.h). */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/device_rates.h"
#include "runtime/engine.h"
#include "runtime/probe_matrix.h"
#include "util/clock.h"
#include "util/kernel_rates.h"
#include "util/kernel_rates_file.h"
#include "util/precision.h"

/* The host: one thread's DGEMM at a tile-like size.  Accelerators: the
 * size doubles from ACCEL_FIRST until one DGEMM takes ACCEL_MIN_SECONDS
 * (a GPU's launch latency is then a small part of it: at 256 an H100
 * shows a few TFLOP/s of launch overhead instead of its ~50 of compute)
 * or device memory runs out; then ACCEL_REPS DGEMMs back to back between
 * two waits are timed. */
enum { HOST_PROBE = 256, HOST_REPS = 3, ACCEL_FIRST = 256, ACCEL_LAST = 8192, ACCEL_REPS = 4 };
static const double ACCEL_MIN_SECONDS = 2e-3;

/* Host-side buffers of an n x n probe on dev: a and c filled. */
typedef struct probe {
    hs_device *dev;
    int n;
    double *a, *c;
} probe;

static void probe_free(probe *p)
{
    if (p->a)
        p->dev->ops->free(p->dev, p->a);
    if (p->c)
        p->dev->ops->free(p->dev, p->c);
    p->a = p->c = NULL;
}

/* The entries of both a and c. */
static void probe_fill(double *host, int n)
{
    for (size_t i = 0, count = (size_t)n * n; i < count; i++)
        host[i] = (double)(i % 7) * 0.125;
}

static int probe_init(probe *p, hs_device *dev, int n)
{
    size_t bytes = (size_t)n * n * sizeof(double);
    int err = -1;
    *p = (probe){ dev, n, dev->ops->alloc(dev, bytes), dev->ops->alloc(dev, bytes) };
    if (p->a && p->c)
        err = hs_probe_matrix_upload(dev, n, probe_fill, (double *const[]){ p->a, p->c }, 2);
    if (err)
        probe_free(p);
    return err;
}

/* Seconds for reps DGEMMs enqueued back to back (the stream idle
 * before), or < 0. */
static double probe_time(probe *p, int reps)
{
    hs_device *dev = p->dev;
    hs_event *ev = NULL;
    double t0 = hs_now();
    for (int r = 0; r < reps; r++)
        if (hs_dev_gemm(dev, HS_STREAM_COMPUTE, HS_PREC_D, 'N', 'N', p->n, p->n, p->n, 1e-3,
                        p->a, p->n, p->a, p->n, 0.5, p->c, p->n))
            return -1;
    if (dev->ops->event_record(dev, HS_STREAM_COMPUTE, &ev))
        return -1;
    int err = dev->ops->event_wait(dev, ev);
    dev->ops->event_free(dev, ev);
    return err ? -1 : hs_now() - t0;
}

static double gflops(int n, int reps, double seconds)
{
    return seconds > 0 ? 2.0 * n * n * (double)n * reps / seconds * 1e-9 : 0;
}

double hs_device_dgemm_rate(hs_device *dev)
{
    probe p;
    double best = 0;
    if (dev->index == 0) {
        if (probe_init(&p, dev, HOST_PROBE))
            return 0;
        /* The first run warms up (library threads, clocks). */
        for (int rep = 0; rep <= HOST_REPS; rep++) {
            double rate = gflops(p.n, 1, probe_time(&p, 1));
            if (rep > 0 && rate > best)
                best = rate;
        }
        probe_free(&p);
        return best;
    }
    int n = 0;
    for (int size = ACCEL_FIRST; size <= ACCEL_LAST; size *= 2) {
        probe q;
        if (probe_init(&q, dev, size))
            break;   /* out of memory: the last size that fitted */
        if (n)
            probe_free(&p);
        p = q;
        n = size;
        (void)probe_time(&p, 1);   /* warm-up at this size */
        double one = probe_time(&p, 1);
        if (one < 0 || one >= ACCEL_MIN_SECONDS)
            break;
    }
    if (n) {
        best = gflops(n, ACCEL_REPS, probe_time(&p, ACCEL_REPS));
        probe_free(&p);
    }
    (void)dev->ops->synchronize(dev);
    return best;
}

/* The host's DGEMM rate per thread on tiles of HOST_PROBE (the host
 * panels' width is of that order): the kernel rates' GEMM at that size,
 * or this process's probe when they have none. */
static double host_rate(hs_device *host, int threads, int local_ranks)
{
    double rates[HS_RATE_SIZES][HS_NRATES];
    int s = hs_rate_size_index(HOST_PROBE);
    if (s >= 0) {
        (void)hs_kernel_rates(s + 1, threads, local_ranks, rates);
        if (rates[s][HS_RATE_GEMM] > 0)
            return rates[s][HS_RATE_GEMM];
    }
    return hs_device_dgemm_rate(host);
}

/* One accelerator's rate from the rates file, else measured and written
 * there; the rate the file holds is the one used (the first of the node's
 * ranks to measure that kind of device wrote it), so that this run and
 * the later ones use the same number. */
static double accel_rate(hs_device *dev, int threads, int local_ranks, int *from_file)
{
    char host[HS_RATES_SIGNATURE], sig[HS_RATES_SIGNATURE + 80];   /* "device=<model>;" + host */
    double rate;
    hs_rates_signature(host, threads, local_ranks);
    snprintf(sig, sizeof sig, "device=%s;%s", dev->model, host);
    if (hs_rates_file_load_device(sig, &rate) == 0) {
        *from_file = 1;
        return rate;
    }
    *from_file = 0;
    rate = hs_device_dgemm_rate(dev);
    hs_rates_file_store_device(sig, rate);
    double kept;
    return hs_rates_file_load_device(sig, &kept) == 0 ? kept : rate;
}

int hs_devices_key_renew(hs_devices_key *kept, hs_device **devs, int ndev, int threads,
                         int local_ranks)
{
    char models[HS_DEVICE_MODELS_BYTES] = "";
    for (int x = 1; x < ndev && x < HS_MAX_DEVICES; x++) {
        size_t used = strlen(models);
        snprintf(models + used, sizeof models - used, "%s;", devs[x]->model);
    }
    if (kept->known && strcmp(models, kept->models) == 0 && kept->threads == threads
        && kept->local_ranks == local_ranks)
        return 0;
    memcpy(kept->models, models, sizeof models);
    kept->threads = threads;
    kept->local_ranks = local_ranks;
    kept->known = 1;
    return 1;
}

int hs_device_rates(hs_device **devs, int ndev, int threads, int local_ranks,
                    double *host_per_thread, double *accel)
{
    /* Kept for the process while the kinds of devices and the setup stay
     * the same, the host's rate too (its fallback probe measures again
     * each time): devices opened again (after a failure, for another
     * grid) then split the columns as before, and the same call gives
     * the same bits.  Concurrent callers share them. */
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static double rate[HS_MAX_DEVICES], host;
    static int source;
    static hs_devices_key kept;
    pthread_mutex_lock(&lock);
    if (hs_devices_key_renew(&kept, devs, ndev, threads, local_ranks)) {
        host = host_rate(devs[0], threads, local_ranks);
        source = HS_DEVICE_RATES_FILE;
        for (int x = 1; x < ndev && x < HS_MAX_DEVICES; x++) {
            int from_file;
            rate[x] = accel_rate(devs[x], threads, local_ranks, &from_file);
            if (!from_file)
                source = HS_DEVICE_RATES_MEASURED;
        }
    }
    *host_per_thread = host;
    *accel = 0;
    for (int x = 1; x < ndev && x < HS_MAX_DEVICES; x++)
        *accel += rate[x];
    int from = source;
    pthread_mutex_unlock(&lock);
    return from;
}
