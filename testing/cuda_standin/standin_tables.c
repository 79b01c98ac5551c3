/* Bookkeeping under the stand-in's lock: sets of live handles (a stale or
 * foreign stream, event or cuBLAS handle fails loudly) and the sorted
 * table of allocations that every device pointer is checked against. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "standin.h"

standin_set standin_streams, standin_events, standin_handles, standin_solvers, standin_params;

static char tombstone;

static size_t slot_of(const void *p, size_t cap)
{
    uintptr_t h = (uintptr_t)p;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B97F4A7C15ULL;
    return (size_t)(h >> 7) & (cap - 1);
}

static void grow(standin_set *set)
{
    standin_set bigger = { calloc(set->cap ? set->cap * 2 : 64, sizeof(void *)),
                           set->cap ? set->cap * 2 : 64, 0 };
    if (!bigger.slot)
        standin_die("out of host memory", "the stand-in's handle table");
    for (size_t i = 0; i < set->cap; i++)
        if (set->slot[i] && set->slot[i] != &tombstone)
            standin_set_add(&bigger, set->slot[i]);
    free(set->slot);
    *set = bigger;
}

void standin_set_add(standin_set *set, void *p)
{
    if (2 * (set->count + 1) > set->cap)
        grow(set);
    size_t i = slot_of(p, set->cap);
    while (set->slot[i] && set->slot[i] != &tombstone)
        i = (i + 1) & (set->cap - 1);
    set->slot[i] = p;
    set->count++;
}

static size_t find(const standin_set *set, const void *p)
{
    if (!set->cap || !p)
        return SIZE_MAX;
    for (size_t i = slot_of(p, set->cap), n = 0; set->slot[i] && n < set->cap;
         i = (i + 1) & (set->cap - 1), n++)
        if (set->slot[i] == p)
            return i;
    return SIZE_MAX;
}

int standin_set_has(const standin_set *set, const void *p)
{
    return find(set, p) != SIZE_MAX;
}

void standin_set_remove(standin_set *set, const void *p)
{
    size_t i = find(set, p);
    if (i != SIZE_MAX) {
        set->slot[i] = &tombstone;   /* keeps later probes' chains intact */
        set->count--;
    }
}

void *standin_set_at(const standin_set *set, size_t i)
{
    void *p = set->slot[i];
    return p == &tombstone ? NULL : p;
}

static standin_alloc *allocs;
static size_t nallocs, cap_allocs;

/* Index of the last allocation with base <= p, or SIZE_MAX. */
static size_t below(const void *p)
{
    size_t lo = 0, hi = nallocs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((uintptr_t)allocs[mid].base <= (uintptr_t)p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo == 0 ? SIZE_MAX : lo - 1;
}

const standin_alloc *standin_alloc_find(const void *p)
{
    size_t i = below(p);
    if (i == SIZE_MAX)
        return NULL;
    uintptr_t off = (uintptr_t)p - (uintptr_t)allocs[i].base;
    return off < allocs[i].size || (off == 0 && allocs[i].size == 0) ? &allocs[i] : NULL;
}

void *standin_grow(void *array, size_t *cap, size_t elem, size_t first, const char *what)
{
    size_t bigger = *cap ? 2 * *cap : first;
    void *grown = realloc(array, bigger * elem);
    if (!grown)
        standin_die("out of host memory", "%s", what);
    *cap = bigger;
    return grown;
}

void standin_alloc_add(void *base, size_t size, int device)
{
    if (nallocs == cap_allocs)
        allocs = standin_grow(allocs, &cap_allocs, sizeof *allocs, 256,
                              "the stand-in's allocation table");
    size_t i = below(base) + 1;   /* SIZE_MAX + 1 == 0 */
    memmove(&allocs[i + 1], &allocs[i], (nallocs - i) * sizeof *allocs);
    allocs[i] = (standin_alloc){ base, size, device };
    nallocs++;
}

void standin_alloc_remove(const void *base)
{
    size_t i = below(base);
    if (i == SIZE_MAX || allocs[i].base != base)
        return;
    memmove(&allocs[i], &allocs[i + 1], (nallocs - i - 1) * sizeof *allocs);
    nallocs--;
}

size_t standin_extent(int64_t rows, int64_t cols, int64_t ld, size_t size)
{
    return rows > 0 && cols > 0 ? ((size_t)(cols - 1) * (size_t)ld + (size_t)rows) * size : 0;
}

void standin_check_device_extent(const char *call, const char *what, const void *p,
                                 size_t bytes, int dev)
{
    const standin_alloc *a = standin_alloc_find(p);
    if (!a || a->device < 0)
        standin_die("device pointer not in a live device allocation",
                    "%s: %s %p (cudaMalloc'd memory expected)", call, what, p);
    if (a->device != dev)
        standin_die("device pointer of another device",
                    "%s: %s %p is memory of device %d, the operation runs on device %d", call,
                    what, p, a->device, dev);
    size_t off = (size_t)((const char *)p - a->base);
    if (bytes > a->size - off)
        standin_die("access beyond the end of a device allocation",
                    "%s: %s %p + %zu bytes, but the allocation at %p has %zu bytes", call, what,
                    p, bytes, (void *)a->base, a->size);
}
