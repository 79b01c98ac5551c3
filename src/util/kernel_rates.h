/* The host kernel rates that decide the tile size (plan/granularity.c):
 * GF/s of one thread's DGEMM, DSYRK, DTRSM and DPOTRF on b x b tiles for
 * each size b of a fixed ladder, measured as the factorization runs them:
 * every thread of the rank at once (they share the memory bandwidth), on
 * operands that are not in cache (a tile of a matrix larger than the cache
 * comes from memory), on tiles that are blocks of a larger array (as
 * tiles in the caller's array are), timed over batches of kernels rather
 * than one, the triangular kernels as hetscal runs them
 * (util/host_blas.h).
 *
 * A size is measured once per process and thread count (in passes until
 * two agree, at most four), and kept in the rates file (HETSCAL_RATES_FILE, default $XDG_CACHE_HOME/hetscal/
 * kernel-rates or ~/.cache/hetscal/kernel-rates; "none": no file) under
 * the machine's signature (CPU model, BLAS library, threads, ranks of the
 * node): later runs on the same kind of machine read the same rates, so
 * they choose the same tiles and give bitwise identical results.
 * HETSCAL_KERNEL_RATES forces them (tests, "what if this CPU were
 * slower"): "b:rate,..." (one rate for the four kernels at size b) or
 * "b:gemm/syrk/trsm/potrf,..."; a size it leaves out takes the rates of
 * the next smaller size it gives (the smallest given below it).
 *
 * Every later run trusts the file, so what goes in and comes out is
 * checked: a measured pass no thread can reach is a failed pass, and a
 * size that stays so is not kept; a line read that no thread can reach is
 * skipped, and one that disagrees with the smaller sizes is measured
 * again and replaced (hs_kernel_rates_sane, hs_kernel_rates_consistent);
 * a process with HETSCAL_KERNEL_RATES set writes no rates to the default
 * file (util/kernel_rates_file.h). */
#ifndef HETSCAL_UTIL_KERNEL_RATES_H
#define HETSCAL_UTIL_KERNEL_RATES_H

enum { HS_RATE_GEMM, HS_RATE_SYRK, HS_RATE_TRSM, HS_RATE_POTRF, HS_NRATES };
enum { HS_RATE_SIZES = 7 };

/* The ladder: tile sizes the choice considers, increasing. */
extern const int hs_rate_size[HS_RATE_SIZES];
/* The position of tile size b on the ladder, -1 when it is not there. */
int hs_rate_size_index(int b);

/* Where the rates of a call came from. */
enum hs_rates_source { HS_RATES_MEASURED, HS_RATES_FILE, HS_RATES_FORCED };

/* rates[s][kernel] for the first `count` ladder sizes, with `threads`
 * threads per rank and `local_ranks` ranks on the node (the file's key).
 * Thread-safe; the first call for a size measures it (its time is about
 * 13 b^3 flops per thread and pass, 13 * 512^3 for sizes below 512).
 * Returns the source (the weakest of its sizes': measured if any was). */
int hs_kernel_rates(int count, int threads, int local_ranks, double rates[][HS_NRATES]);

/* Two measurements of one size agree when every kernel's rates are
 * within HS_RATES_AGREE_SPREAD of each other (and positive): the probe
 * measures a size again (at most four passes) until two passes agree, as
 * a disturbed pass is rarely matched by another. */
#define HS_RATES_AGREE_SPREAD 0.10
int hs_kernel_rates_agree(const double a[HS_NRATES], const double b[HS_NRATES]);

/* Whether size s's rates look undisturbed: a block kernel runs at least
 * as fast on larger tiles as on smaller ones, within the measurement's
 * spread, on any CPU (larger tiles only add reuse).  So a GEMM rate below
 * HS_RATES_DIP_FLOOR of a smaller known size's says the probe shared its
 * cores with other load through its passes at that size: it measures the
 * size again (at most four more passes, the best kept) before the rates
 * file keeps it.  So does a DGEMM rate below 1 / HS_RATES_GEMM_LEAD of
 * another kernel's at the same size: DGEMM is the fastest of the four on
 * any CPU (DSYRK, the closest, ran at 0.71-0.94 of it on this project's
 * hosts, 128 to 1024), so its passes there were disturbed (a rates file
 * measured while a test suite ran held DGEMM at 31 GF/s beside DSYRK's
 * 50 at size 256, and the tile model then took 192).  known[] marks the
 * sizes whose rates[] are set. */
#define HS_RATES_DIP_FLOOR 0.75
#define HS_RATES_GEMM_LEAD 1.25
int hs_kernel_rates_plausible(const double rates[][HS_NRATES], const int known[], int s);

/* Whether one size's rates can be true of a CPU thread at all: each is
 * finite, positive and at most HS_RATES_MAX_GFS (GF/s of one thread: some
 * 15 times the fastest FP64 core of 2024, two 512-bit FMA units at 4 GHz
 * making 128), and none runs more than HS_RATES_KERNEL_RATIO times faster
 * than DGEMM at that size (DGEMM is the fastest of the four on any CPU;
 * disturbed passes have shown 1.5).  A measured pass outside that is a
 * failed pass (a clock that jumped), measured again; a rates-file line
 * outside it (7.5e85 GF/s of DSYRK, as one held after a day of runs, NaN,
 * negative) is skipped as a malformed one is. */
#define HS_RATES_MAX_GFS 2000.0
#define HS_RATES_KERNEL_RATIO 4.0
int hs_kernel_rates_sane(const double rate[HS_NRATES]);

/* Whether size s's rates, read from the rates file, agree with the
 * smaller sizes' known ones: its DGEMM rate is not below
 * HS_RATES_READ_DIP of a smaller size's (a dip that the probe's extra
 * passes, HS_RATES_DIP_FLOOR, would have measured again) nor below
 * 1 / HS_RATES_GEMM_LEAD of another of its kernels' (the same), and its four
 * rates are not those of the next smaller known size (rates copied from
 * size to size, as HETSCAL_KERNEL_RATES fills them in, were never
 * measured).  A size read that fails is measured again, and its new line
 * is the one later runs read: the last sane line of a size wins. */
#define HS_RATES_READ_DIP 0.5
int hs_kernel_rates_consistent(const double rates[][HS_NRATES], const int known[], int s);

/* The other way round: a size read whose DGEMM rate is below
 * 1 / HS_RATES_READ_RISE of a larger size's read beside it was measured
 * under load (larger tiles gain less than that on any CPU: 1.6 from 128
 * to 1024 on the Xeon of session 72, where a file held 3.7 GF/s at 128
 * beside 69.4 at 1024), and is measured again too.  Returns the first
 * such size among the known ones, or -1. */
#define HS_RATES_READ_RISE 4.0
int hs_kernel_rates_slowest_suspect(const double rates[][HS_NRATES], const int known[],
                                    int count);

/* Parses a HETSCAL_KERNEL_RATES value into rates[0..HS_RATE_SIZES-1];
 * returns 0, or -1 when it is malformed (then it is ignored). */
int hs_kernel_rates_parse(const char *text, double rates[][HS_NRATES]);

#endif
