/* Tracked allocations (see mem.h): a header before each block holds its
 * size; current and peak totals are atomics. */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "util/fault.h"
#include "util/fork_guard.h"
#include "util/mem.h"

enum { HUGE_FROM = 2 * 1024 * 1024 };   /* bytes from which to ask for huge pages */

typedef union header {
    struct {
        size_t bytes;               /* what the caller asked for */
        size_t mapped;              /* length of the mapping, 0 if malloc'ed */
        hs_mem_unpin_fn unpin;      /* non-NULL while pinned (hs_mem_pin) */
        const void *unpin_ctx;
        int lazy;                   /* kept lazily (hs_mem_keep_lazily) */
    } s;
    max_align_t align;
    char cache_line[64];            /* keeps the data cache-line aligned */
} header;

static atomic_size_t current_bytes, peak_bytes;
static atomic_long pins;   /* hs_mem_pin_count */

/* Fault injection (hs_mem_fail_from): the k-th allocation and every
 * later one fail. */
static hs_fault alloc_fault = { .and_later = 1 };

void hs_mem_fail_from(long k)
{
    hs_fault_arm(&alloc_fault, k);
}

long hs_mem_alloc_count(void)
{
    return hs_fault_count(&alloc_fault);
}

/* The blocks kept from the last call, one per use (see hs_mem_alloc_kept). */
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
static union header *kept[HS_KEPT_USES];

static header *map_block(size_t total)
{
    void *p = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
#ifdef MADV_HUGEPAGE
    if (total >= HUGE_FROM)
        (void)madvise(p, total, MADV_HUGEPAGE);   /* advice only: ignore refusal */
#endif
    return p;
}

/* Returning memory to the kernel runs the MPI library's hooks on it
 * (UCX's memory events take a lock of its registration cache), and so may
 * free() (a large block is unmapped, a small one's may trim the heap): so
 * it is done inside the fork guard, or a child forked meanwhile would wait
 * on that lock in its own exit (fork_guard.h).  Without waiting to enter,
 * though: a thread may free while it holds a lock that a thread inside
 * waits for (the engine's, at the end of a call, which a team kernel takes
 * to invite workers), and would then wait on the fork, the fork on that
 * thread.  While a fork is under way or waiting, a block to release goes
 * on a list instead, its first bytes the link, and the next release that
 * enters takes the list along. */
typedef struct deferred {
    struct deferred *next;
    size_t mapped;   /* munmap's length, or 0: free() */
} deferred;

static _Atomic(deferred *) deferred_blocks;

static void release_now(void *p, size_t mapped)
{
    if (mapped)
        munmap(p, mapped);
    else
        free(p);
}

static void release(void *p, size_t mapped)
{
    if (!hs_fork_guard_try_enter()) {
        deferred *d = p;
        d->mapped = mapped;
        d->next = atomic_load(&deferred_blocks);
        while (!atomic_compare_exchange_weak(&deferred_blocks, &d->next, d))
            ;
        return;
    }
    release_now(p, mapped);
    for (deferred *d = atomic_exchange(&deferred_blocks, NULL), *next; d; d = next) {
        next = d->next;
        release_now(d, d->mapped);
    }
    hs_fork_guard_leave();
}

/* Unpins (if pinned) and unmaps a mapped block. */
static void unmap_block(header *h)
{
    if (h->s.unpin)
        h->s.unpin(h->s.unpin_ctx, h);
    release(h, h->s.mapped);
}

/* Fills the header of a new or reused block (a reused one keeps its pin). */
static void *account(header *h, size_t bytes, size_t mapped)
{
    if (!h)
        return NULL;
    h->s.bytes = bytes;
    h->s.mapped = mapped;
    size_t now = atomic_fetch_add(&current_bytes, bytes) + bytes;
    size_t peak = atomic_load(&peak_bytes);
    while (now > peak && !atomic_compare_exchange_weak(&peak_bytes, &peak, now))
        ;
    return h + 1;
}

static void *alloc_plain(size_t bytes)
{
    return account(calloc(1, sizeof(header) + bytes), bytes, 0);
}

static void *alloc_mapped(size_t bytes)
{
    size_t total = sizeof(header) + bytes;
    if (total < HUGE_FROM)   /* small: mmap + munmap would cost more than they save */
        return alloc_plain(bytes);
    return account(map_block(total), bytes, total);
}

void *hs_mem_alloc(size_t bytes)
{
    return hs_fault_hit(&alloc_fault) ? NULL : alloc_plain(bytes);
}

void *hs_mem_alloc_mapped(size_t bytes)
{
    return hs_fault_hit(&alloc_fault) ? NULL : alloc_mapped(bytes);
}

void *hs_mem_map_scratch(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void hs_mem_unmap_scratch(void *p, size_t bytes)
{
    if (p)
        release(p, bytes);
}

void hs_mem_free(void *p)
{
    if (!p)
        return;
    header *h = (header *)p - 1;
    atomic_fetch_sub(&current_bytes, h->s.bytes);
    if (h->s.mapped)
        unmap_block(h);
    else
        release(h, 0);
}

void hs_mem_reset_peak(void)
{
    atomic_store(&peak_bytes, atomic_load(&current_bytes));
}

double hs_mem_peak_bytes(void)
{
    return (double)atomic_load(&peak_bytes);
}

void *hs_mem_alloc_kept(hs_kept_use use, size_t bytes)
{
    size_t total = sizeof(header) + bytes;
    if (hs_fault_hit(&alloc_fault))
        return NULL;
    pthread_mutex_lock(&kept_lock);
    header *h = kept[use];
    kept[use] = NULL;
    pthread_mutex_unlock(&kept_lock);
    /* Reuse it if it fits without wasting more than half of it.  Not
     * zeroed: the tiles' entries are all written by the repartition but
     * for the unused triangle of Cholesky's diagonal tiles, which nothing
     * reads.  The testers check that by setting HETSCAL_POISON_MEMORY,
     * which fills every tile block with NaNs first. */
    void *p;
    if (h && h->s.mapped >= total && h->s.mapped / 2 <= total) {
        /* A lazily kept block's pages that the kernel took back come back
         * zeroed at their first touch; writing the others cancels their
         * MADV_FREE. */
        h->s.lazy = 0;
        p = account(h, bytes, h->s.mapped);
    } else {
        if (h)
            unmap_block(h);
        /* Mapped whatever its size, so that hs_mem_pin can pin it alone
         * (a malloc'ed block shares its pages). */
        p = account(map_block(total), bytes, total);
    }
    const char *poison = getenv("HETSCAL_POISON_MEMORY");
    if (p && poison && *poison && *poison != '0')
        memset(p, 0xff, bytes);   /* all-ones doubles are NaNs */
    return p;
}

/* Makes h (or nothing) the kept block of `use` and unmaps the one it
 * replaces. */
static void replace_kept(hs_kept_use use, header *h)
{
    pthread_mutex_lock(&kept_lock);
    header *old = kept[use];
    kept[use] = h;
    pthread_mutex_unlock(&kept_lock);
    if (old)
        unmap_block(old);
}

void hs_mem_keep(hs_kept_use use, void *p)
{
    if (!p)
        return;
    header *h = (header *)p - 1;
    if (!h->s.mapped) {
        hs_mem_free(p);
        return;
    }
    atomic_fetch_sub(&current_bytes, h->s.bytes);
    replace_kept(use, h);
}

void hs_mem_release_kept_use(hs_kept_use use)
{
    replace_kept(use, NULL);
}

/* The part of h's block that is kept lazily: all of it but its first
 * huge page, which holds the header.  0 when there is none. */
static size_t lazy_range(const header *h, char **start)
{
    uintptr_t huge = HUGE_FROM, page = 4096;
    uintptr_t from = ((uintptr_t)h + huge) & ~(huge - 1);
    uintptr_t to = ((uintptr_t)h + h->s.mapped) & ~(page - 1);
    *start = (char *)from;
    return to > from ? to - from : 0;
}

/* Under strict overcommit accounting (vm.overcommit_memory = 2, as some
 * clusters set it) a mapping holds its commit charge whatever its pages:
 * a block kept lazily would still count against the application's own
 * allocations, so none is. */
static int strict_overcommit;
static pthread_once_t overcommit_once = PTHREAD_ONCE_INIT;

static void read_overcommit(void)
{
    FILE *f = fopen("/proc/sys/vm/overcommit_memory", "r");
    int mode = 0;
    if (f && fscanf(f, "%d", &mode) == 1 && mode == 2)
        strict_overcommit = 1;
    if (f)
        fclose(f);
}

/* Gives the pages of h's lazy range to the kernel to take back when it
 * needs memory.  -1 when it cannot (pinned pages stay; no MADV_FREE
 * before Linux 4.5; strict overcommit). */
static int give_pages_lazily(header *h)
{
#ifdef MADV_FREE
    char *start;
    size_t len = lazy_range(h, &start);
    pthread_once(&overcommit_once, read_overcommit);
    /* As a release (above); during a fork the pages are kept instead. */
    if (strict_overcommit || h->s.unpin || len == 0 || !hs_fork_guard_try_enter())
        return -1;
    int rc = madvise(start, len, MADV_FREE);
    hs_fork_guard_leave();
    if (rc != 0)
        return -1;
    h->s.lazy = 1;
    return 0;
#else
    (void)h;
    return -1;
#endif
}

void hs_mem_reclaim_lazy_pages(void)
{
    pthread_mutex_lock(&kept_lock);
    for (int use = 0; use < HS_KEPT_USES; use++) {
        char *start;
        header *h = kept[use];
        size_t len = h && h->s.lazy ? lazy_range(h, &start) : 0;
        /* As a release (above); during a fork the kernel may still take
         * them (MADV_FREE). */
        if (len && hs_fork_guard_try_enter()) {
            (void)madvise(start, len, MADV_DONTNEED);
            hs_fork_guard_leave();
        }
    }
    pthread_mutex_unlock(&kept_lock);
}

void hs_mem_keep_lazily(hs_kept_use use)
{
    pthread_mutex_lock(&kept_lock);
    header *h = kept[use];
    if (h && !h->s.lazy && give_pages_lazily(h) != 0)
        kept[use] = NULL;
    else
        h = NULL;
    pthread_mutex_unlock(&kept_lock);
    if (h)
        unmap_block(h);
}

/* The bytes of the kept blocks that are (lazy = 1) or are not kept
 * lazily. */
static double kept_bytes(hs_kept_use use, int lazy)
{
    pthread_mutex_lock(&kept_lock);
    double bytes = kept[use] && kept[use]->s.lazy == lazy ? (double)kept[use]->s.mapped : 0.0;
    pthread_mutex_unlock(&kept_lock);
    return bytes;
}

double hs_mem_kept_bytes_of(hs_kept_use use)
{
    return kept_bytes(use, 0);
}

double hs_mem_lazily_kept_bytes(void)
{
    double bytes = 0;
    for (int use = 0; use < HS_KEPT_USES; use++)
        bytes += kept_bytes((hs_kept_use)use, 1);
    return bytes;
}

void hs_mem_release_kept(void)
{
    for (int use = 0; use < HS_KEPT_USES; use++)
        replace_kept((hs_kept_use)use, NULL);
}

double hs_mem_kept_bytes(void)
{
    double bytes = 0;
    for (int use = 0; use < HS_KEPT_USES; use++)
        bytes += hs_mem_kept_bytes_of((hs_kept_use)use);
    return bytes;
}

int hs_mem_pin(void *p, hs_mem_pin_fn pin, hs_mem_unpin_fn unpin, const void *pin_ctx,
               const void *unpin_ctx)
{
    header *h = (header *)p - 1;
    if (!h->s.mapped)
        return -1;
    if (h->s.unpin)
        return 0;   /* a kept block pinned at an earlier call */
    int err = pin(pin_ctx, h, h->s.mapped);
    if (!err) {
        h->s.unpin = unpin;
        h->s.unpin_ctx = unpin_ctx;
        atomic_fetch_add(&pins, 1);
#ifdef MADV_DONTFORK
        /* Pinned pages are copied at fork (the child could not use them:
         * hetscal does not run in a forked child), not shared. */
        (void)madvise(h, h->s.mapped, MADV_DONTFORK);
#endif
    }
    return err;
}

long hs_mem_pin_count(void)
{
    return atomic_load(&pins);
}

void hs_mem_unpin_kept(void)
{
    pthread_mutex_lock(&kept_lock);
    for (int use = 0; use < HS_KEPT_USES; use++) {
        header *h = kept[use];
        if (h && h->s.unpin) {
            h->s.unpin(h->s.unpin_ctx, h);
            h->s.unpin = NULL;
            h->s.unpin_ctx = NULL;
#ifdef MADV_DOFORK
            (void)madvise(h, h->s.mapped, MADV_DOFORK);
#endif
        }
    }
    pthread_mutex_unlock(&kept_lock);
}

double hs_mem_kept_pinned_bytes(void)
{
    double bytes = 0;
    pthread_mutex_lock(&kept_lock);
    for (int use = 0; use < HS_KEPT_USES; use++)
        if (kept[use] && kept[use]->s.unpin)
            bytes += (double)kept[use]->s.mapped;
    pthread_mutex_unlock(&kept_lock);
    return bytes;
}
