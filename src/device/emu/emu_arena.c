/* First-fit arena of the emulated GPU (see emu_arena.h).  The block list
 * lives outside the arena, so the arena holds nothing but data. */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "device/backends.h"
#include "device/emu/emu_arena.h"
#include "util/fork_guard.h"

enum { ALIGN = 256 };

typedef struct block {
    size_t off, size;
    int used, pins;
    struct block *prev, *next;   /* by offset, covering the whole arena */
} block;

struct hs_arena {
    pthread_mutex_t lock;
    unsigned char *base;
    size_t size;
    void *map;       /* the mapping: base's pages and the guard pages */
    size_t mapped;
    block *first;
};

/* The arena is mapped, not taken from malloc: its pages are touched only
 * as buffers use them (as malloc would map a block this large), and a
 * sanitizer's allocator does not poison and unpoison the shadow of a
 * whole GiB at each open and close (ASan and TSan spent 0.3 s per fresh
 * device on that).  The arena ends where an inaccessible page begins, and
 * another one lies before it (less than a page before its start): an
 * overrun of the last buffer or an underrun of the first faults, as the
 * allocator's redzones would have reported them.  Returns the arena's
 * start, or NULL. */
static unsigned char *map_arena(size_t size, void **map, size_t *mapped)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (size > SIZE_MAX - 3 * page)
        return NULL;
    size_t rounded = (size + page - 1) / page * page, total = rounded + 2 * page;
    unsigned char *p = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                            -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    if (mprotect(p, page, PROT_NONE) != 0 || mprotect(p + page + rounded, page, PROT_NONE) != 0) {
        munmap(p, total);
        return NULL;
    }
    *map = p;
    *mapped = total;
    return p + page + (rounded - size);   /* size and page are multiples of ALIGN */
}

static void poison(void *p, size_t bytes)
{
    uint64_t v = HS_EMU_POISON;
    unsigned char *c = p;
    for (size_t i = 0; i + sizeof v <= bytes; i += sizeof v)
        memcpy(c + i, &v, sizeof v);
}

hs_arena *hs_arena_new(size_t capacity)
{
    hs_arena *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->size = capacity / ALIGN * ALIGN;
    if (a->size > 0) {
        a->base = map_arena(a->size, &a->map, &a->mapped);
        a->first = calloc(1, sizeof *a->first);
        if (!a->base || !a->first) {
            if (a->base)
                munmap(a->map, a->mapped);
            free(a->first);
            free(a);
            return NULL;
        }
        a->first->size = a->size;
    }
    pthread_mutex_init(&a->lock, NULL);
    return a;
}

void hs_arena_delete(hs_arena *a)
{
    if (!a)
        return;
    for (block *b = a->first, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    pthread_mutex_destroy(&a->lock);
    if (a->base)
        munmap(a->map, a->mapped);
    free(a);
}

size_t hs_arena_capacity(const hs_arena *a)
{
    return a->size;
}

void *hs_arena_alloc(hs_arena *a, size_t bytes)
{
    size_t need = bytes == 0 ? ALIGN : (bytes + ALIGN - 1) / ALIGN * ALIGN;
    block *b, *rest = NULL;
    if (need < bytes)   /* overflow */
        return NULL;
    pthread_mutex_lock(&a->lock);
    for (b = a->first; b && (b->used || b->size < need); b = b->next)
        ;
    if (b && b->size > need && !(rest = calloc(1, sizeof *rest)))
        b = NULL;
    if (b) {
        if (rest) {   /* split: the tail stays free */
            rest->off = b->off + need;
            rest->size = b->size - need;
            rest->prev = b;
            rest->next = b->next;
            if (b->next)
                b->next->prev = rest;
            b->next = rest;
            b->size = need;
        }
        b->used = 1;
    }
    pthread_mutex_unlock(&a->lock);
    if (!b)
        return NULL;
    poison(a->base + b->off, need);   /* the buffer is ours alone now */
    return a->base + b->off;
}

static block *find_live(hs_arena *a, const unsigned char *p)
{
    for (block *b = a->first; b; b = b->next)
        if (b->used && a->base + b->off == p)
            return b;
    return NULL;
}

static void merge_next(block *b)
{
    block *n = b->next;
    b->size += n->size;
    b->next = n->next;
    if (n->next)
        n->next->prev = b;
    free(n);
}

int hs_arena_free(hs_arena *a, void *p)
{
    block *b;
    pthread_mutex_lock(&a->lock);
    b = p ? find_live(a, p) : NULL;
    int pinned = b && b->pins > 0;
    pthread_mutex_unlock(&a->lock);
    if (!b || pinned)
        return b ? -2 : -1;
    /* Still marked used: no one else touches it while it is poisoned. */
    poison(p, b->size);
    pthread_mutex_lock(&a->lock);
    b->used = 0;
    if (b->next && !b->next->used)
        merge_next(b);
    if (b->prev && !b->prev->used)
        merge_next(b->prev);
    /* Nothing left allocated: the pages go back to the kernel, as a GPU's
     * memory is none of the host's.  Else a process's resident memory
     * would follow the arena's high-water mark, which moves with each
     * call's schedule (a long run's after its warm-up, testing/
     * t_long_run).  Under the lock: an allocation poisons its pages after
     * taking them.  In the fork guard, as any unmap, without waiting to
     * enter (util/mem.c): during a fork they stay. */
    if (!a->first->used && !a->first->next && hs_fork_guard_try_enter()) {
        size_t page = (size_t)sysconf(_SC_PAGESIZE);   /* map_arena's pages */
        (void)madvise((unsigned char *)a->map + page, a->mapped - 2 * page, MADV_DONTNEED);
        hs_fork_guard_leave();
    }
    pthread_mutex_unlock(&a->lock);
    return 0;
}

int hs_arena_pin(hs_arena *a, const void *p, size_t bytes, int delta)
{
    uintptr_t lo = (uintptr_t)p, hi = lo + bytes;
    uintptr_t base = (uintptr_t)a->base, end = base + a->size;
    int in = 0;
    if (bytes == 0 || hi <= base || lo >= end)
        return 0;
    pthread_mutex_lock(&a->lock);
    for (block *b = a->first; b && !in; b = b->next)
        if (b->used && lo >= base + b->off && hi <= base + b->off + b->size) {
            b->pins += delta;
            in = 1;
        }
    pthread_mutex_unlock(&a->lock);
    return in ? 1 : -1;
}
