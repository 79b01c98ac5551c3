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

/* A call's tile block outlives the call (as MKL's buffers do): mapping and
 * first-touching hundreds of MB again at every call costs a few percent of
 * it.  hs_mem_alloc_kept reuses the kept block when it fits (NOT zeroed:
 * the tiles are written before they are read) and maps a new one
 * otherwise; hs_mem_keep keeps a block for the next call
 * (replacing the kept one); hs_mem_release_kept unmaps it (MPI_Finalize,
 * hetscal_release_memory(), HETSCAL_KEEP_MEMORY=0). */
void *hs_mem_alloc_kept(size_t bytes);
void hs_mem_keep(void *p);
void hs_mem_release_kept(void);
double hs_mem_kept_bytes(void);
void hs_mem_reset_peak(void);
double hs_mem_peak_bytes(void);              /* since the last reset */

/* Tests: from the k-th allocation after this call on (hs_mem_alloc,
 * _mapped and _kept alike), every allocation fails; k = 0 stops that.
 * hs_mem_alloc_count: allocations asked for since. */
void hs_mem_fail_from(long k);
long hs_mem_alloc_count(void);

#endif
