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

static struct {
    pthread_mutex_t lock;
    cached *item;
    int n, cap;
    double in_use, peak;
} M = { .lock = PTHREAD_MUTEX_INITIALIZER };

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
    if (!ptr)
        ptr = dev->ops->alloc(dev, bytes);
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
    for (;;) {
        void *ptr = NULL;
        pthread_mutex_lock(&M.lock);
        for (int k = 0; k < M.n; k++) {
            if (M.item[k].dev == dev) {
                ptr = M.item[k].ptr;
                M.item[k] = M.item[--M.n];
                break;
            }
        }
        pthread_mutex_unlock(&M.lock);
        if (!ptr)
            return;
        (void)dev->ops->free(dev, ptr);
    }
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
