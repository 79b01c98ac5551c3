/* Cache of device buffers (see device_memory.h). */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>

#include "runtime/device_memory.h"

typedef struct cached {
    hs_device *dev;
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

/* Frees one cached buffer of dev (any size); 0 if it had none. */
static int free_one_cached(hs_device *dev)
{
    void *ptr = NULL;
    size_t bytes = 0;
    pthread_mutex_lock(&M.lock);
    for (int k = 0; k < M.n; k++) {
        if (M.item[k].dev == dev) {
            ptr = M.item[k].ptr;
            bytes = M.item[k].bytes;
            M.item[k] = M.item[--M.n];
            held *h = held_of_locked(dev);
            if (h)
                h->bytes -= (double)bytes;
            break;
        }
    }
    pthread_mutex_unlock(&M.lock);
    if (ptr)
        (void)dev->ops->free(dev, ptr);
    return ptr != NULL;
}

/* Cached bytes of dev. */
static double cached_bytes(hs_device *dev)
{
    double sum = 0;
    pthread_mutex_lock(&M.lock);
    for (int k = 0; k < M.n; k++)
        if (M.item[k].dev == dev)
            sum += (double)M.item[k].bytes;
    pthread_mutex_unlock(&M.lock);
    return sum;
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
        if (!free_one_cached(dev))
            return 0;
    }
}

void *hs_devmem_get(hs_device *dev, size_t bytes)
{
    void *ptr = NULL;
    pthread_mutex_lock(&M.lock);
    for (int k = 0; k < M.n; k++) {
        if (M.item[k].dev == dev && M.item[k].bytes == bytes) {
            ptr = M.item[k].ptr;
            M.item[k] = M.item[--M.n];
            break;
        }
    }
    pthread_mutex_unlock(&M.lock);
    if (!ptr && make_room(dev, bytes)) {
        ptr = dev->ops->alloc(dev, bytes);
        pthread_mutex_lock(&M.lock);
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
    if (M.n == M.cap) {
        int cap = M.cap ? 2 * M.cap : 64;
        cached *item = realloc(M.item, (size_t)cap * sizeof *item);
        if (!item) {
            /* Cannot cache it: it stays allocated until the device is
             * closed (the device frees everything then). */
            pthread_mutex_unlock(&M.lock);
            return;
        }
        M.item = item;
        M.cap = cap;
    }
    M.item[M.n++] = (cached){ dev, ptr, bytes };
    pthread_mutex_unlock(&M.lock);
}

void hs_devmem_trim(hs_device *dev)
{
    while (free_one_cached(dev))
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
        while (cached_bytes(devs[k]) > keep && free_one_cached(devs[k]))
            ;
}

void hs_devmem_forget(hs_device *dev)
{
    hs_devmem_trim(dev);
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
