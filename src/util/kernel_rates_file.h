/* The rates file of the kernel-rate probe (util/kernel_rates.h): one line
 * per measured size, "b gemm syrk trsm potrf signature", appended by
 * whichever process measured it first; and one line per kind of
 * accelerator, "device gflops signature", its DGEMM rate
 * (runtime/device_rates.h); and one line per kind of processor, "panel
 * rates... link signature", its panel kernels' rates (util/panel_rates.h,
 * runtime/panel_probe.h); and one line per machine and ranks per node,
 * "cache kib signature", the cache size measured (util/cache_probe.h);
 * and one line per call kind, "hand_on orders signature", the orders of
 * the small calls' ladder at which ScaLAPACK ran faster (a bit each,
 * api/small_calls.h).
 * Lines of other machines, other
 * thread counts, a malformed line or rates no thread can reach
 * (hs_kernel_rates_sane) are skipped; of a size's remaining lines the
 * last wins, so that a size measured again replaces its line by
 * appending.  A file that cannot be read or written only means the rates
 * are measured again. */
#ifndef HETSCAL_UTIL_KERNEL_RATES_FILE_H
#define HETSCAL_UTIL_KERNEL_RATES_FILE_H

#include <stddef.h>

enum { HS_RATES_SIGNATURE = 512 };

/* The rates file's path (HETSCAL_RATES_FILE, else the default one) into
 * path: 1, or 0 when there is none ("none", no home directory, too long
 * for bytes). */
int hs_rates_file_path(char *path, size_t bytes);

/* How the probes measure: a line that another version measured (the
 * kernel rates on packed tiles, before version 2) is not read, so it is
 * measured again. */
enum { HS_RATES_PROBE_VERSION = 2 };

/* "cpu=<model>;blas=<library of dgemm_>;threads=T;ranks=R;probe=V",
 * without blanks. */
void hs_rates_signature(char sig[HS_RATES_SIGNATURE], int threads, int local_ranks);

/* The last sane line of the file for (sig, b) into rate[HS_NRATES]: 0,
 * or -1 when there is none. */
int hs_rates_file_load(const char *sig, int b, double *rate);

/* Appends (sig, b, rate) in one write, when the rates are sane and the
 * file still has no line for (sig, b) (replacing NULL) or still the
 * rejected one (replacing: the rates read from it), so that of the ranks
 * of a node measuring at once one line is written.  Not to the default
 * file (HETSCAL_RATES_FILE unset) while HETSCAL_KERNEL_RATES is set. */
void hs_rates_file_store(const char *sig, int b, const double *rate, const double *replacing);

/* An accelerator's DGEMM rate can be true when it is finite, positive and
 * at most HS_DEVICE_RATE_MAX_GFS GF/s (some 15 times the FP64 DGEMM of the
 * fastest GPU of 2025, ~67 TF/s): a line outside that is skipped. */
#define HS_DEVICE_RATE_MAX_GFS 1e6
int hs_device_rate_sane(double gflops);

/* The last sane "device" line of the file for sig into *gflops: 0, or -1
 * when there is none. */
int hs_rates_file_load_device(const char *sig, double *gflops);

/* Appends "device gflops sig" in one write when the rate is sane and the
 * file has no line for sig yet (of the ranks of a node measuring the same
 * kind of device at once, the first writes; the others read its line).
 * Not to the default file while HETSCAL_KERNEL_RATES is set. */
void hs_rates_file_store_device(const char *sig, double gflops);

/* The last sane "panel" line for sig (the processor's model and the
 * host's signature) into *rates: 0, or -1 when there is none. */
struct hs_panel_rates;
int hs_rates_file_load_panel(const char *sig, struct hs_panel_rates *rates);

/* Appends "panel ... sig" in one write when the rates are sane and the
 * file has no line for sig yet (the first of the ranks measuring at once
 * writes it). */
void hs_rates_file_store_panel(const char *sig, const struct hs_panel_rates *rates);

/* A measured cache size can be true when it is between HS_CACHE_MIN_KB
 * (below any L2) and HS_CACHE_MAX_KB (64 GiB); a line outside is skipped. */
#define HS_CACHE_MIN_KB 64.0
#define HS_CACHE_MAX_KB 67108864.0
int hs_cache_kb_sane(double kb);

/* The last sane "cache" line for sig into *kb: 0, or -1 when none. */
int hs_rates_file_load_cache(const char *sig, double *kb);

/* Appends "cache kb sig" when sane and the file has none for sig yet. */
void hs_rates_file_store_cache(const char *sig, double kb);

/* A "hand_on" line's value (api/small_calls.h) can be true when it is a
 * whole number from 0 to HS_HAND_ON_MAX (a bit per order of the small
 * calls' ladder, at most 15, and one more per order from bit 16); a line
 * outside is skipped. */
#define HS_HAND_ON_MAX 2147483647.0
int hs_hand_on_sane(double orders);

/* The last sane "hand_on" line for sig (the machine's signature and the
 * call's kind) into *orders: 0, or -1 when none. */
int hs_rates_file_load_hand_on(const char *sig, double *orders);

/* Appends "hand_on orders sig" when sane and the file has none for sig
 * yet. */
void hs_rates_file_store_hand_on(const char *sig, double orders);

#endif
