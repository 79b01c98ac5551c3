/* Cache size probe (see cache_probe.h). */
#include "config.h"

#include <pthread.h>
#include <stdio.h>

#include "util/cache_probe.h"
#include "util/clock.h"
#include "util/kernel_rates_file.h"
#include "util/mem.h"

/* Working sets double from FIRST_MIB up to 4 times the reported cache, at
 * least MIN_LAST_MIB and at most MAX_LAST_MIB.  The curve stops early once three
 * sizes in a row read at one rate (within FLAT) below the fastest by
 * HS_CACHE_SPEEDUP: memory is reached.  Each size: the best of REPS timings
 * of passes over it lasting at least PASS_SECONDS. */
enum { FIRST_MIB = 1, MIN_LAST_MIB = 64, MAX_LAST_MIB = 512, MAX_POINTS = 16, REPS = 3 };
static const double PASS_SECONDS = 0.01, FLAT = 0.15;

int hs_reported_cache_kb(void)
{
    int kb = 0;
    for (int index = 3; index >= 2 && kb == 0; index--) {
        char path[96], unit = 'K';
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", index);
        FILE *f = fopen(path, "r");
        if (f && fscanf(f, "%d%c", &kb, &unit) >= 1 && unit == 'M')
            kb *= 1024;
        if (f)
            fclose(f);
    }
    return kb > 0 ? kb : 32 * 1024;
}

double hs_cache_knee(const double *sizes, const double *bw, int n)
{
    if (n < 2)
        return 0;
    for (int i = n - 2; i >= 0; i--)
        if (bw[i] >= HS_CACHE_SPEEDUP * bw[n - 1])
            return sizes[i];
    return 0;
}

/* Where the sums go, so that the reads are not optimized away. */
static volatile double probe_sink;

/* GB/s of reading `count` doubles (best of REPS). */
static double read_rate(const double *a, size_t count, double *sink)
{
    double best = 0;
    for (int rep = 0; rep < REPS; rep++) {
        double t0 = hs_now(), seconds;
        long passes = 0;
        do {
            /* Four sums: the adds do not wait on each other. */
            double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            for (size_t i = 0; i + 3 < count; i += 4) {
                s0 += a[i];
                s1 += a[i + 1];
                s2 += a[i + 2];
                s3 += a[i + 3];
            }
            *sink += s0 + s1 + s2 + s3;
            passes++;
        } while ((seconds = hs_now() - t0) < PASS_SECONDS);
        double rate = passes * (double)count * sizeof(double) / seconds * 1e-9;
        if (rate > best)
            best = rate;
    }
    return best;
}

static int flat_at_memory(const double *bw, int n, double fastest)
{
    if (n < 3)
        return 0;
    double hi = bw[n - 1], lo = bw[n - 1];
    for (int i = n - 3; i < n - 1; i++) {
        hi = bw[i] > hi ? bw[i] : hi;
        lo = bw[i] < lo ? bw[i] : lo;
    }
    return hi <= lo * (1 + FLAT) && HS_CACHE_SPEEDUP * hi <= fastest;
}

int hs_cache_measure_kb(void)
{
    double last = 4.0 * hs_reported_cache_kb() / 1024;
    last = last < MIN_LAST_MIB ? MIN_LAST_MIB : last > MAX_LAST_MIB ? MAX_LAST_MIB : last;
    size_t most = (size_t)(last * 1048576) / sizeof(double);
    double *a = hs_mem_map_scratch(most * sizeof *a);
    if (!a)
        return 0;
    for (size_t i = 0; i < most; i++)
        a[i] = (double)(i & 7);
    double sizes[MAX_POINTS], bw[MAX_POINTS], fastest = 0, sink = 0;
    int n = 0;
    for (double mib = FIRST_MIB; mib <= last && n < MAX_POINTS; mib *= 2, n++) {
        size_t count = (size_t)(mib * 1048576) / sizeof(double);
        sizes[n] = mib * 1048576;
        bw[n] = read_rate(a, count < most ? count : most, &sink);
        fastest = bw[n] > fastest ? bw[n] : fastest;
        if (flat_at_memory(bw, n + 1, fastest)) {
            n++;
            break;
        }
    }
    hs_mem_unmap_scratch(a, most * sizeof *a);
    probe_sink = sink;
    /* No knee (every size as fast, whether all in cache or all from
     * memory): not measurable here. */
    return (int)(hs_cache_knee(sizes, bw, n) / 1024);
}

int hs_measured_cache_kb(void)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static int kept_kb;
    pthread_mutex_lock(&lock);
    if (kept_kb == 0) {
        char sig[HS_RATES_SIGNATURE];
        hs_rates_signature(sig, 1, 1);
        double kb;
        if (hs_rates_file_load_cache(sig, &kb) != 0) {
            kb = hs_cache_measure_kb();
            hs_rates_file_store_cache(sig, kb);
            (void)hs_rates_file_load_cache(sig, &kb);
        }
        kept_kb = kb > 0 ? (int)kb : hs_reported_cache_kb();
    }
    int kb = kept_kb;
    pthread_mutex_unlock(&lock);
    return kb;
}
