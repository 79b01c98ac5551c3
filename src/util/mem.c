/* Tracked allocations (see mem.h): a header before each block holds its
 * size; current and peak totals are atomics. */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "util/mem.h"

typedef union header {
    size_t bytes;
    max_align_t align;
} header;

static atomic_size_t current_bytes, peak_bytes;

void *hs_mem_alloc(size_t bytes)
{
    header *h = calloc(1, sizeof(header) + bytes);
    if (!h)
        return NULL;
    h->bytes = bytes;
    size_t now = atomic_fetch_add(&current_bytes, bytes) + bytes;
    size_t peak = atomic_load(&peak_bytes);
    while (now > peak && !atomic_compare_exchange_weak(&peak_bytes, &peak, now))
        ;
    return h + 1;
}

void hs_mem_free(void *p)
{
    if (!p)
        return;
    header *h = (header *)p - 1;
    atomic_fetch_sub(&current_bytes, h->bytes);
    free(h);
}

void hs_mem_reset_peak(void)
{
    atomic_store(&peak_bytes, atomic_load(&current_bytes));
}

double hs_mem_peak_bytes(void)
{
    return (double)atomic_load(&peak_bytes);
}
