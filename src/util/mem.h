/* Tracked allocations for the matrix-sized buffers (tiles, received copies,
 * repartition buffers), so every call can report its extra peak memory. */
#ifndef HETSCAL_UTIL_MEM_H
#define HETSCAL_UTIL_MEM_H

#include <stddef.h>

void *hs_mem_alloc(size_t bytes);            /* zeroed; NULL on failure */
void hs_mem_free(void *p);
void hs_mem_reset_peak(void);
double hs_mem_peak_bytes(void);              /* since the last reset */

#endif
