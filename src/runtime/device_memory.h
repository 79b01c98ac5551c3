/* Device buffers for tiles, and pinned host buffers.  Freed buffers go to
 * a per-device cache and are handed out again for the same size: tiles
 * come in a few sizes, and
 * freeing device memory is costly (cudaFree synchronizes the device) and
 * not allowed from the completion callbacks that release tiles. */
#ifndef HETSCAL_RUNTIME_DEVICE_MEMORY_H
#define HETSCAL_RUNTIME_DEVICE_MEMORY_H

#include <stddef.h>

#include "device/device.h"

enum { HS_MAX_HELD = 64 };   /* devices tracked at once */

/* A cached buffer of exactly `bytes`, else a new one from dev->ops->alloc
 * (first freeing cached buffers of other sizes when the buffers of dev
 * would exceed dev->capacity); NULL when the device is out of memory or
 * at its capacity.  Not from a completion callback. */
void *hs_devmem_get(hs_device *dev, size_t bytes);
/* Back to the cache (no device call): any thread, callbacks included. */
void hs_devmem_put(hs_device *dev, void *ptr, size_t bytes);
/* Gives every cached buffer of dev back to the device. */
void hs_devmem_trim(hs_device *dev);
/* Between calls: gives cached buffers back until each device keeps at
 * most `keep` bytes cached for the next call (allocating device memory
 * again costs, and freeing it synchronizes the device). */
void hs_devmem_trim_to(double keep);
/* Before dev is closed: its buffers back, and its entry forgotten. */
void hs_devmem_forget(hs_device *dev);
/* Pinned host memory (dev->ops->host_alloc) for the host copies of tiles
 * on a rank with GPUs, cached by size in the same way: allocating pinned
 * memory costs milliseconds and freeing it synchronizes.  get: NULL when
 * out of pinned memory (the caller falls back to pageable memory); put:
 * any thread, callbacks included; trim_to: between calls, at most `keep`
 * bytes stay cached, summed over devices; forget frees dev's too. */
void *hs_pinned_get(hs_device *dev, size_t bytes);
void hs_pinned_put(hs_device *dev, void *ptr, size_t bytes);
void hs_pinned_trim_to(double keep);
double hs_pinned_cached_bytes(void);
/* Device buffers cached now, summed over devices; device allocations
 * made so far, and buffers handed out from the cache so far (tests: a
 * call that finds its buffers cached takes them from there). */
double hs_devmem_cached_bytes(void);
long hs_devmem_allocations(void);
long hs_pinned_allocations(void);
long hs_devmem_reuses(void);
long hs_pinned_reuses(void);
/* The peak, since the last reset, of the bytes handed out and not put
 * back, summed over devices. */
double hs_devmem_peak(void);
void hs_devmem_reset_peak(void);

#endif
