/* Tracked allocations for the matrix-sized buffers (tiles, received copies,
 * repartition buffers), so every call can report its extra peak memory. */
#ifndef HETSCAL_UTIL_MEM_H
#define HETSCAL_UTIL_MEM_H

#include <stddef.h>

void *hs_mem_alloc(size_t bytes);            /* zeroed; NULL on failure */
/* For a call's big blocks (its tiles, repartition buffers): mapped from the
 * kernel, so zeroed without a memset and given back at free, with
 * transparent huge pages asked for: the first touch takes one fault per
 * 2 MiB instead of one per 4 KiB.  Freed by hs_mem_free. */
void *hs_mem_alloc_mapped(size_t bytes);
void hs_mem_free(void *p);

/* Scratch of a measurement (the kernel-rate and cache probes): mapped and
 * unmapped directly, neither counted in a call's peak nor subject to its
 * fault injection, and never from malloc: glibc raises its mmap threshold
 * to the size of a large block freed (up to 32 MiB), after which the
 * application's own blocks of that size come from the heap and stay
 * resident once freed.  NULL on failure. */
void *hs_mem_map_scratch(size_t bytes);
void hs_mem_unmap_scratch(void *p, size_t bytes);

/* A call's tile block and its repartition buffers outlive the call (as
 * MKL's buffers do): mapping and first-touching them again at every call
 * costs a few percent of it (the send and receive buffers of a repartition
 * between ranks: a third of its time at N = 2000).  One block is kept per
 * use.  hs_mem_alloc_kept reuses the use's kept block when it fits (NOT
 * zeroed: the tiles and buffers are written before they are read) and
 * maps a new one otherwise; hs_mem_keep keeps a block for the next call
 * (replacing the use's kept one); hs_mem_release_kept unmaps them all
 * (MPI_Finalize, hetscal_release_memory(), HETSCAL_KEEP_MEMORY);
 * hs_mem_kept_bytes is their total. */
typedef enum hs_kept_use {
    HS_KEPT_TILES,
    HS_KEPT_SEND,      /* repartition buffers */
    HS_KEPT_RECEIVE,
    HS_KEPT_USES
} hs_kept_use;
void *hs_mem_alloc_kept(hs_kept_use use, size_t bytes);
void hs_mem_keep(hs_kept_use use, void *p);
void hs_mem_release_kept(void);
double hs_mem_kept_bytes(void);
void hs_mem_release_kept_use(hs_kept_use use);
double hs_mem_kept_bytes_of(hs_kept_use use);
/* Keeps the use's block lazily: it stays mapped for the next call, but
 * its pages are the kernel's to take back whenever memory runs short
 * (MADV_FREE, as jemalloc does with freed memory), so an application
 * that needs the memory gets it, and one that does not makes its next
 * call without mapping and faulting in the block afresh (on some virtual
 * machines that costs 10% of a large call).  Unmapped instead where that
 * cannot be done (a pinned block, a kernel without MADV_FREE) or would
 * not give the memory back (strict overcommit accounting,
 * vm.overcommit_memory = 2, charges the mapping itself).
 * hs_mem_kept_bytes leaves lazily kept blocks out;
 * hs_mem_lazily_kept_bytes is their total; the next hs_mem_alloc_kept
 * that reuses one makes it a kept block again. */
void hs_mem_keep_lazily(hs_kept_use use);
double hs_mem_lazily_kept_bytes(void);
/* Tests: what the kernel does to the lazily kept blocks when memory runs
 * short (their pages, but for the header's, are dropped and read back as
 * zeros). */
void hs_mem_reclaim_lazy_pages(void);

/* Pinning for copies with devices (runtime/dist.c pins the tile block of a
 * call with GPUs): hs_mem_pin pins the whole mapping of a block from
 * hs_mem_alloc_kept or _mapped (pin(ctx, base, bytes)) unless it is pinned
 * already: a kept block stays pinned for the next call, which is what
 * makes pinning affordable.  unpin(ctx, base) runs before the block is
 * unmapped, or at hs_mem_unpin_kept (when the devices that pinned kept
 * blocks close); unpin_ctx must outlive the block.  0, pin's error, or -1
 * for a malloc'ed
 * block (pinning it would pin its neighbours' pages too). */
typedef int (*hs_mem_pin_fn)(const void *ctx, void *base, size_t bytes);
typedef void (*hs_mem_unpin_fn)(const void *ctx, void *base);
int hs_mem_pin(void *p, hs_mem_pin_fn pin, hs_mem_unpin_fn unpin, const void *pin_ctx,
               const void *unpin_ctx);
void hs_mem_unpin_kept(void);
long hs_mem_pin_count(void);                 /* pins so far (tests) */
double hs_mem_kept_pinned_bytes(void);       /* of the kept blocks */

void hs_mem_reset_peak(void);
double hs_mem_peak_bytes(void);              /* since the last reset */

/* Tests: from the k-th allocation after this call on (hs_mem_alloc,
 * _mapped and _kept alike), every allocation fails; k = 0 stops that.
 * hs_mem_alloc_count: allocations asked for since. */
void hs_mem_fail_from(long k);
long hs_mem_alloc_count(void);

#endif
