/* The last-level cache as the machine behaves, not as it reports: the
 * tile-size choice (plan/granularity.c) trusts its kernel rates, measured
 * on tiles from memory, only for a share that does not fit in the cache.
 * A virtual machine may report the whole package's L3 (260 MiB on one
 * host here) where its cores see a slice of it; so the size is measured:
 * the largest working set that one thread reads at least
 * HS_CACHE_SPEEDUP times as fast as memory (rank (0,0) measures while
 * the other ranks wait in a collective; a node's cache as one core sees
 * it, which is what Linux's figure claimed to be).  Measured once per
 * kind of machine and kept in the rates file ("cache" lines under the
 * host's signature, util/kernel_rates_file.h). */
#ifndef HETSCAL_UTIL_CACHE_PROBE_H
#define HETSCAL_UTIL_CACHE_PROBE_H

#define HS_CACHE_SPEEDUP 1.3

/* KiB of cache: from the rates file, else measured and written there;
 * what Linux reports (or 32 MiB) when no difference shows.  Thread-safe;
 * local. */
int hs_measured_cache_kb(void);

/* The measurement itself, not kept: KiB, or 0 when no difference shows. */
int hs_cache_measure_kb(void);

/* The reported size: cpu0's last-level cache in KiB (32 MiB when Linux
 * says nothing). */
int hs_reported_cache_kb(void);

/* The knee of a bandwidth curve: bw[i] GB/s reading sizes[i] bytes
 * (increasing), n of them; the largest size read at least
 * HS_CACHE_SPEEDUP times as fast as the last one, 0 when none is. */
double hs_cache_knee(const double *sizes, const double *bw, int n);

#endif
