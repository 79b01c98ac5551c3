/* Cache of device buffers and of pinned host buffers (see device_memory.h). */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>

#include "runtime/device_memory.h"

typedef struct cached {
    hs_device *dev;
    int host;             /* pinned host memory from dev->ops->host_alloc */
    void *ptr;
    size_t bytes;
} cached;

/* Bytes a device has handed out to the cache's users or holds cached. */
typedef struct held {
    hs_device *dev;
    double bytes;
} held;

static struct {
    pthread_mutex_t lock;
    cached *item;
    int n, cap;
    double in_use, peak;
    long allocations[2];   /* made so far: [0] device buffers, [1] pinned */
    long reuses[2];        /* handed out from the cache so far, likewise */
    held dev[HS_MAX_HELD];
} M = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* dev's entry (made on first use); NULL if the table is full (the device
 * is then not bounded by its capacity). */
static held *held_of_locked(hs_device *dev)
{
    for (int k = 0; k < HS_MAX_HELD; k++)
        if (M.dev[k].dev == dev || !M.dev[k].dev) {
            M.dev[k].dev = dev;
            return &M.dev[k];
        }
    return NULL;
}

/* Frees one cached buffer of dev (any size; device or pinned host memory
 * as `host` says, any device's if dev is NULL); 0 if there was none. */
static int free_one_cached(hs_device *dev, int host)
{
    cached c = { 0 };
    pthread_mutex_lock(&M.lock);
    for (int k = 0; k < M.n; k++) {
        if ((M.item[k].dev == dev || !dev) && M.item[k].host == host) {
            c = M.item[k];
            M.item[k] = M.item[--M.n];
            held *h = host ? NULL : held_of_locked(c.dev);
            if (h)
                h->bytes -= (double)c.bytes;
            break;
        }
    }
    pthread_mutex_unlock(&M.lock);
    if (c.ptr && host)
        c.dev->ops->host_free(c.dev, c.ptr);
    else if (c.ptr)
        (void)c.dev->ops->free(c.dev, c.ptr);
    return c.ptr != NULL;
}

/* Cached bytes of dev (of every device if NULL), device or pinned host. */
static double cached_bytes(hs_device *dev, int host)
{
    double sum = 0;
    pthread_mutex_lock(&M.lock);
    for (int k = 0; k < M.n; k++)
        if ((M.item[k].dev == dev || !dev) && M.item[k].host == host)
            sum += (double)M.item[k].bytes;
    pthread_mutex_unlock(&M.lock);
    return sum;
}

/* A cached buffer of exactly `bytes`, taken out of the cache; NULL if none. */
static void *take_cached(hs_device *dev, int host, size_t bytes)
{
    void *ptr = NULL;
    pthread_mutex_lock(&M.lock);
    for (int k = 0; k < M.n; k++) {
        if (M.item[k].dev == dev && M.item[k].host == host && M.item[k].bytes == bytes) {
            ptr = M.item[k].ptr;
            M.item[k] = M.item[--M.n];
            M.reuses[host]++;
            break;
        }
    }
    pthread_mutex_unlock(&M.lock);
    return ptr;
}

/* Back into the cache.  Puts may come from completion callbacks, where no
 * device call is allowed: if the table cannot grow, the buffer is not
 * freed but left allocated (device memory until the device closes,
 * pinned host memory until the process ends). */
static void put_cached(hs_device *dev, int host, void *ptr, size_t bytes)
{
    pthread_mutex_lock(&M.lock);
    if (M.n == M.cap) {
        int cap = M.cap ? 2 * M.cap : 64;
        cached *item = realloc(M.item, (size_t)cap * sizeof *item);
        if (!item) {
            pthread_mutex_unlock(&M.lock);
            return;
        }
        M.item = item;
        M.cap = cap;
    }
    M.item[M.n++] = (cached){ dev, host, ptr, bytes };
    pthread_mutex_unlock(&M.lock);
}

/* Room for `bytes` more within dev->capacity, freeing cached buffers of
 * other sizes if need be: the capacity leaves the rest of the device to
 * cuBLAS, copies in flight and other users. */
static int make_room(hs_device *dev, size_t bytes)
{
    for (;;) {
        pthread_mutex_lock(&M.lock);
        held *h = held_of_locked(dev);
        int fits = !h || h->bytes + (double)bytes <= (double)dev->capacity;
        pthread_mutex_unlock(&M.lock);
        if (fits)
            return 1;
        if (!free_one_cached(dev, 0))
            return 0;
    }
}

void *hs_devmem_get(hs_device *dev, size_t bytes)
{
    void *ptr = take_cached(dev, 0, bytes);
    if (!ptr && make_room(dev, bytes)) {
        ptr = dev->ops->alloc(dev, bytes);
        pthread_mutex_lock(&M.lock);
        M.allocations[0] += ptr != NULL;
        held *h = held_of_locked(dev);
        if (ptr && h)
            h->bytes += (double)bytes;
        pthread_mutex_unlock(&M.lock);
    }
    if (ptr) {
        pthread_mutex_lock(&M.lock);
        M.in_use += (double)bytes;
        if (M.in_use > M.peak)
            M.peak = M.in_use;
        pthread_mutex_unlock(&M.lock);
    }
    return ptr;
}

void hs_devmem_put(hs_device *dev, void *ptr, size_t bytes)
{
    pthread_mutex_lock(&M.lock);
    M.in_use -= (double)bytes;
    pthread_mutex_unlock(&M.lock);
    put_cached(dev, 0, ptr, bytes);
}

void hs_devmem_trim(hs_device *dev)
{
    while (free_one_cached(dev, 0))
        ;
}

void hs_devmem_trim_to(double keep)
{
    hs_device *devs[HS_MAX_HELD];
    int n = 0;
    pthread_mutex_lock(&M.lock);
    for (int k = 0; k < HS_MAX_HELD && M.dev[k].dev; k++)
        devs[n++] = M.dev[k].dev;
    pthread_mutex_unlock(&M.lock);
    for (int k = 0; k < n; k++)
        while (cached_bytes(devs[k], 0) > keep && free_one_cached(devs[k], 0))
            ;
}

void hs_devmem_forget(hs_device *dev)
{
    hs_devmem_trim(dev);
    while (free_one_cached(dev, 1))
        ;
    pthread_mutex_lock(&M.lock);
    for (int k = 0; k < HS_MAX_HELD; k++)
        if (M.dev[k].dev == dev) {
            /* Keep the table packed: later entries move up. */
            for (int j = k; j + 1 < HS_MAX_HELD; j++)
                M.dev[j] = M.dev[j + 1];
            M.dev[HS_MAX_HELD - 1] = (held){ NULL, 0 };
            break;
        }
    pthread_mutex_unlock(&M.lock);
}

double hs_devmem_peak(void)
{
    pthread_mutex_lock(&M.lock);
    double v = M.peak;
    pthread_mutex_unlock(&M.lock);
    return v;
}

void hs_devmem_reset_peak(void)
{
    pthread_mutex_lock(&M.lock);
    M.peak = M.in_use;
    pthread_mutex_unlock(&M.lock);
}

void *hs_pinned_get(hs_device *dev, size_t bytes)
{
    void *ptr = take_cached(dev, 1, bytes);
    if (ptr)
        return ptr;
    ptr = dev->ops->host_alloc(dev, bytes);
    pthread_mutex_lock(&M.lock);
    M.allocations[1] += ptr != NULL;
    pthread_mutex_unlock(&M.lock);
    return ptr;
}

void hs_pinned_put(hs_device *dev, void *ptr, size_t bytes)
{
    put_cached(dev, 1, ptr, bytes);
}

void hs_pinned_trim_to(double keep)
{
    while (cached_bytes(NULL, 1) > keep && free_one_cached(NULL, 1))
        ;
}

double hs_pinned_cached_bytes(void)
{
    return cached_bytes(NULL, 1);
}

double hs_devmem_cached_bytes(void)
{
    return cached_bytes(NULL, 0);
}

static long count_of(const long *counts, int host)
{
    pthread_mutex_lock(&M.lock);
    long n = counts[host];
    pthread_mutex_unlock(&M.lock);
    return n;
}

long hs_devmem_allocations(void)
{
    return count_of(M.allocations, 0);
}

long hs_pinned_allocations(void)
{
    return count_of(M.allocations, 1);
}

long hs_devmem_reuses(void)
{
    return count_of(M.reuses, 0);
}

long hs_pinned_reuses(void)
{
    return count_of(M.reuses, 1);
}
