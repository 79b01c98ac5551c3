/* The cache size as measured (src/util/cache_probe.c): the knee of a read
 * bandwidth curve, the "cache" lines of the rates file (a size no machine
 * has is skipped), and the probe: a size within the sane range, or the
 * file's line when it holds one.
 * Usage: t_cache_probe DIR (an empty scratch directory); exit status:
 * failures. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "util/cache_probe.h"
#include "testing/t_expect.h"
#include "util/kernel_rates_file.h"


static void test_knee(void)
{
    const double mib = 1048576;
    double sizes[] = { 1 * mib, 2 * mib, 4 * mib, 8 * mib, 16 * mib, 32 * mib, 64 * mib };
    /* L3 up to 8 MiB, then memory: the knee is the last size read 1.3x
     * faster than the largest. */
    double dropped[] = { 21, 23, 22, 12.7, 4.8, 4.9, 5.7 };
    expect(hs_cache_knee(sizes, dropped, 7) == 8 * mib, "the knee of a curve that drops at 8 MiB");
    /* One size partly cached still counts when 1.3x faster. */
    double gradual[] = { 30, 30, 30, 30, 9, 7, 6 };
    expect(hs_cache_knee(sizes, gradual, 7) == 16 * mib, "a gradual drop: the last fast size");
    double flat[] = { 6, 6.2, 6.1, 6, 6.3, 6, 6.1 };
    expect(hs_cache_knee(sizes, flat, 7) == 0, "a flat curve has no knee");
    expect(hs_cache_knee(sizes, dropped, 1) == 0, "one point has no knee");
}

static void test_file(const char *dir)
{
    char path[512], sig[HS_RATES_SIGNATURE];
    snprintf(path, sizeof path, "%s/rates-file", dir);
    setenv("HETSCAL_RATES_FILE", path, 1);
    hs_rates_signature(sig, 1, 101);
    double kb = 0;
    expect(hs_rates_file_load_cache(sig, &kb) != 0, "an empty file has no cache line");
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "cache 1e30 %s\ncache nan %s\ncache 12 %s\n", sig, sig, sig);
        fclose(f);
    }
    expect(hs_rates_file_load_cache(sig, &kb) != 0, "insane cache lines are skipped");
    hs_rates_file_store_cache(sig, 8192);
    expect(hs_rates_file_load_cache(sig, &kb) == 0 && kb == 8192, "a stored cache line is read");
    hs_rates_file_store_cache(sig, 4096);
    expect(hs_rates_file_load_cache(sig, &kb) == 0 && kb == 8192,
           "a second store does not replace the first line");
    hs_rates_file_store_cache(sig, 1e30);
    expect(hs_rates_file_load_cache(sig, &kb) == 0 && kb == 8192, "an insane size is not stored");
}

/* The probe: a measurement is a sane size or none (no difference shown);
 * hs_measured_cache_kb reads a line the file holds (measuring nothing),
 * and keeps it for the process. */
static void test_probe(const char *dir)
{
    char path[512], sig[HS_RATES_SIGNATURE];
    int kb = hs_cache_measure_kb();
    printf("measured cache: %d KiB (reported: %d KiB)\n", kb, hs_reported_cache_kb());
    expect(kb == 0 || (kb >= HS_CACHE_MIN_KB && kb <= HS_CACHE_MAX_KB), "the measured size is sane");
    snprintf(path, sizeof path, "%s/probe-file", dir);
    setenv("HETSCAL_RATES_FILE", path, 1);
    hs_rates_signature(sig, 1, 1);
    hs_rates_file_store_cache(sig, 2048);
    expect(hs_measured_cache_kb() == 2048, "the file's line is the size used");
    hs_rates_file_store_cache(sig, 4096);
    expect(hs_measured_cache_kb() == 2048, "the process keeps the size it read");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    test_knee();
    test_file(argv[1]);
    test_probe(argv[1]);
    printf("t_cache_probe: %d failure(s)\n", failures);
    return failures;
}
