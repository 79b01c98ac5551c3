/* Rates that can be trusted (issue 41): what a kernel rate must be to be
 * kept or read (src/util/kernel_rates.c: hs_kernel_rates_sane,
 * hs_kernel_rates_consistent), the rates file skipping what no thread can
 * have measured (NaN, negative, the 7.5e85 GF/s of DSYRK a rates file held
 * after a day of runs) and letting a size measured again replace its line,
 * the probe measuring again an absurd, copied, dipping or lagging (DGEMM
 * behind another kernel) size it read, or
 * one far slower than a larger size read beside it, and
 * no rate measured under HETSCAL_KERNEL_RATES reaching the default file,
 * and a size the probe failed to measure (no memory) staying unknown for
 * the rest of the process, not measured again by a later call.
 * Usage: t_rates_trust DIR (an empty scratch directory); exit status:
 * failures.  Each scenario uses its own ranks-per-node key, which the
 * probe keeps apart in the process and in the file's signature. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "testing/t_expect.h"
#include "util/kernel_rates.h"
#include "util/kernel_rates_file.h"

static char dir[400];

/* The DSYRK rate, as the file held it. */
static const char absurd[] = "748495424143564109619881481196913656101296303099678624768"
                             "57101609476813989821116579840.000";

static void test_sane(void)
{
    double ok[HS_NRATES] = { 40, 35, 30, 20 };
    expect(hs_kernel_rates_sane(ok), "sane: a quiet machine's rates");
    double slow[HS_NRATES] = { 6, 9, 14, 5 };
    expect(hs_kernel_rates_sane(slow), "sane: a loaded machine's rates, SYRK and TRSM above GEMM");
    double cases[][HS_NRATES] = {
        { 40, 7.4849542414356411e85, 30, 20 },   /* the DSYRK */
        { 40, 35, NAN, 20 },
        { INFINITY, 35, 30, 20 },
        { 40, 35, 30, 0 },
        { -40, 35, 30, 20 },
        { 40, 35, 30, -1 },
        { HS_RATES_MAX_GFS * 1.01, 35, 30, 20 },
        { 10, 45, 30, 20 },                       /* SYRK 4.5 times GEMM */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char what[64];
        snprintf(what, sizeof what, "sane: case %zu refused", k);
        expect(!hs_kernel_rates_sane(cases[k]), what);
    }
    double edge[HS_NRATES] = { HS_RATES_MAX_GFS, 1000, 1000, 1000 };
    expect(hs_kernel_rates_sane(edge), "sane: at the bound");
}

static void test_consistent(void)
{
    double r[HS_RATE_SIZES][HS_NRATES] = { { 0 } };
    int known[HS_RATE_SIZES] = { 0 };
    int s128 = hs_rate_size_index(128), s192 = hs_rate_size_index(192), s256 = hs_rate_size_index(256);
    double a[HS_NRATES] = { 30, 25, 20, 15 }, b[HS_NRATES] = { 36, 30, 25, 18 };
    memcpy(r[s128], a, sizeof a);
    memcpy(r[s192], b, sizeof b);
    known[s128] = known[s192] = 1;
    expect(hs_kernel_rates_consistent(r, known, s128), "consistent: the smallest size");
    expect(hs_kernel_rates_consistent(r, known, s192), "consistent: faster on larger tiles");
    memcpy(r[s256], b, sizeof b);
    expect(!hs_kernel_rates_consistent(r, known, s256), "consistent: copied from the size below");
    double dip[HS_NRATES] = { 19, 16, 13, 10 };   /* DGEMM still the fastest */
    memcpy(r[s256], dip, sizeof dip);
    expect(hs_kernel_rates_consistent(r, known, s256), "consistent: 0.53 of 36 is still noise");
    r[s256][0] = 17;
    expect(!hs_kernel_rates_consistent(r, known, s256), "consistent: below half a smaller size's");
    known[s128] = known[s192] = 0;
    expect(hs_kernel_rates_consistent(r, known, s256), "consistent: unknown sizes do not count");
    double lagging[HS_NRATES] = { 30, 40, 25, 18 };
    memcpy(r[s256], lagging, sizeof lagging);
    expect(!hs_kernel_rates_consistent(r, known, s256), "consistent: DGEMM behind DSYRK");
    r[s256][HS_RATE_SYRK] = 37;
    expect(hs_kernel_rates_consistent(r, known, s256), "consistent: DSYRK 1.23 times DGEMM");

    /* Session 72's file: 3.7 GF/s at 128 beside 69.4 at 1024. */
    double slow[HS_RATE_SIZES][HS_NRATES] = { { 0 } };
    int read[HS_RATE_SIZES] = { 0 }, s1024 = hs_rate_size_index(1024);
    slow[s128][0] = 3.7;
    slow[s192][0] = 30;
    slow[s1024][0] = 69.4;
    read[s128] = read[s192] = 1;
    expect(hs_kernel_rates_slowest_suspect(slow, read, HS_RATE_SIZES) == s128,
           "rise: 128 far below 192");
    slow[s128][0] = 8;
    expect(hs_kernel_rates_slowest_suspect(slow, read, HS_RATE_SIZES) < 0,
           "rise: 3.75 times is still a CPU's");
    read[s1024] = 1;
    expect(hs_kernel_rates_slowest_suspect(slow, read, HS_RATE_SIZES) == s128,
           "rise: 128 far below 1024");
    read[s128] = 0;
    expect(hs_kernel_rates_slowest_suspect(slow, read, HS_RATE_SIZES) < 0,
           "rise: unknown sizes do not count");
}

static void write_lines(const char *path, const char *const lines[], int n, const char *sig)
{
    FILE *f = fopen(path, "w");
    for (int k = 0; f && k < n; k++)
        fprintf(f, "%s %s\n", lines[k], sig);
    if (f)
        fclose(f);
}

static int count_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    int n = 0, c;
    while (f && (c = fgetc(f)) != EOF)
        n += c == '\n';
    if (f)
        fclose(f);
    return n;
}

/* The loader: absurd, NaN and negative lines skipped; the last sane line
 * of a size wins. */
static void test_load(void)
{
    char path[512], sig[HS_RATES_SIGNATURE], line[700];
    double r[HS_NRATES];
    snprintf(path, sizeof path, "%s/load", dir);
    hs_rates_signature(sig, 1, 11);
    snprintf(line, sizeof line, "256 12.000 %s 14.000 6.000", absurd);
    const char *lines[] = { "128 30.000 25.000 20.000 15.000", "192 nan 25.000 20.000 15.000",
                            line, "384 -5.000 25.000 20.000 15.000",
                            "512 30.000 25.000 20.000 15.000",
                            "512 31.000 26.000 21.000 16.000" };
    write_lines(path, lines, 6, sig);
    setenv("HETSCAL_RATES_FILE", path, 1);
    expect(hs_rates_file_load(sig, 128, r) == 0 && r[0] == 30, "load: a sane line");
    expect(hs_rates_file_load(sig, 192, r) != 0, "load: NaN skipped");
    expect(hs_rates_file_load(sig, 256, r) != 0, "load: the issue's DSYRK skipped");
    expect(hs_rates_file_load(sig, 384, r) != 0, "load: negative skipped");
    expect(hs_rates_file_load(sig, 512, r) == 0 && r[0] == 31, "load: the last sane line wins");
    unsetenv("HETSCAL_RATES_FILE");
}

/* A file whose size 256 the probe cannot trust (absurd, copied from 192,
 * dipping below half of 192's GEMM, or its GEMM lagging behind its SYRK):
 * the probe measures 256 alone and
 * appends the line that later runs read. */
static void test_measured_again(const char *name, const char *line256, int ranks)
{
    char path[512], sig[HS_RATES_SIGNATURE], what[160];
    double rates[HS_RATE_SIZES][HS_NRATES], r[HS_NRATES], before[HS_NRATES];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    hs_rates_signature(sig, 1, ranks);
    /* Rates below any host's, loaded or not: the 256 measured again must
     * not dip below half of 192's. */
    const char *lines[] = { "128 3.000 2.500 2.000 1.500",
                            "192 3.600 3.000 2.500 1.800", line256 };
    write_lines(path, lines, 3, sig);
    setenv("HETSCAL_RATES_FILE", path, 1);
    int had = hs_rates_file_load(sig, 256, before) == 0;
    int source = hs_kernel_rates(3, 1, ranks, rates);
    snprintf(what, sizeof what, "%s: 256 measured again", name);
    expect(source == HS_RATES_MEASURED && hs_kernel_rates_sane(rates[2]), what);
    snprintf(what, sizeof what, "%s: 128 and 192 read from the file", name);
    expect(rates[0][0] == 3 && rates[1][0] == 3.6, what);
    snprintf(what, sizeof what, "%s: its new line is the one read", name);
    expect(hs_rates_file_load(sig, 256, r) == 0 && hs_kernel_rates_sane(r)
               && (!had || memcmp(r, before, sizeof r) != 0) && count_lines(path) == 4,
           what);
    unsetenv("HETSCAL_RATES_FILE");
}

/* A file whose 128 is far slower than its 192 (measured under load): the
 * probe measures 128 again, 192 and 256 read as they are. */
static void test_slow_small_size(int ranks)
{
    char path[512], sig[HS_RATES_SIGNATURE];
    double rates[HS_RATE_SIZES][HS_NRATES], r[HS_NRATES];
    snprintf(path, sizeof path, "%s/slow-small", dir);
    hs_rates_signature(sig, 1, ranks);
    const char *lines[] = { "128 3.000 2.500 2.000 1.500", "192 40.000 30.000 25.000 18.000",
                            "256 45.000 35.000 28.000 20.000" };
    write_lines(path, lines, 3, sig);
    setenv("HETSCAL_RATES_FILE", path, 1);
    int source = hs_kernel_rates(3, 1, ranks, rates);
    expect(source == HS_RATES_MEASURED && hs_kernel_rates_sane(rates[0]) && rates[0][0] != 3,
           "slow-small: 128 measured again");
    expect(rates[1][0] == 40 && rates[2][0] == 45, "slow-small: 192 and 256 read from the file");
    /* (the file keeps 3 decimals) */
    expect(hs_rates_file_load(sig, 128, r) == 0 && fabs(r[0] - rates[0][0]) < 0.001
               && count_lines(path) == 4,
           "slow-small: its new line is the one read");
    unsetenv("HETSCAL_RATES_FILE");
}

/* Under HETSCAL_KERNEL_RATES (malformed here, so the probe measures), the
 * default file is not written; a file named by HETSCAL_RATES_FILE is, and
 * so is the default file without HETSCAL_KERNEL_RATES. */
static void test_forced_environment(void)
{
    char xdg[512], file[600], named[512];
    double rates[HS_RATE_SIZES][HS_NRATES];
    snprintf(xdg, sizeof xdg, "%s/xdg", dir);
    snprintf(file, sizeof file, "%s/hetscal/kernel-rates", xdg);
    snprintf(named, sizeof named, "%s/named", dir);
    setenv("XDG_CACHE_HOME", xdg, 1);
    unsetenv("HETSCAL_RATES_FILE");
    setenv("HETSCAL_KERNEL_RATES", "128:garbage", 1);
    expect(hs_kernel_rates(1, 1, 21, rates) == HS_RATES_MEASURED, "forced: measured");
    expect(access(file, F_OK) != 0, "forced: the default file not written");
    setenv("HETSCAL_RATES_FILE", named, 1);
    (void)hs_kernel_rates(1, 1, 22, rates);
    expect(count_lines(named) == 1, "forced: a named file written");
    unsetenv("HETSCAL_RATES_FILE");
    unsetenv("HETSCAL_KERNEL_RATES");
    (void)hs_kernel_rates(1, 1, 23, rates);
    expect(count_lines(file) == 1, "unforced: the default file written");
    setenv("HETSCAL_KERNEL_RATES", "128:1e400", 1);   /* infinite: not a forced rate */
    expect(hs_kernel_rates(1, 1, 23, rates) != HS_RATES_FORCED, "forced: infinity refused");
    unsetenv("HETSCAL_KERNEL_RATES");
    unsetenv("XDG_CACHE_HOME");
}

/* Under an address-space limit the probe's pools cannot be mapped: size
 * 128 stays unknown, nothing reaches the file, and after the limit is
 * lifted the process still does not measure it (a later call of the
 * process chooses among the same sizes as the first: the same bits). */
static void test_failed_kept(int ranks)
{
    char path[512];
    double rates[HS_RATE_SIZES][HS_NRATES];
    snprintf(path, sizeof path, "%s/failed", dir);
    setenv("HETSCAL_RATES_FILE", path, 1);
    struct rlimit old, limited;
    getrlimit(RLIMIT_AS, &old);
    limited = old;
    limited.rlim_cur = 1;   /* every new mapping fails */
    int set = setrlimit(RLIMIT_AS, &limited) == 0;
    (void)hs_kernel_rates(1, 1, ranks, rates);
    setrlimit(RLIMIT_AS, &old);
    expect(set, "failed: the address-space limit set");
    expect(rates[0][HS_RATE_GEMM] == 0, "failed: 128 unknown without memory");
    expect(count_lines(path) == 0, "failed: nothing written");
    (void)hs_kernel_rates(1, 1, ranks, rates);
    expect(rates[0][HS_RATE_GEMM] == 0 && count_lines(path) == 0,
           "failed: not measured again by the process");
    unsetenv("HETSCAL_RATES_FILE");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: t_rates_trust DIR\n");
        return 1;
    }
    snprintf(dir, sizeof dir, "%s", argv[1]);
    char absurd_line[700];
    snprintf(absurd_line, sizeof absurd_line, "256 12.000 %s 14.000 6.000", absurd);
    test_sane();
    test_consistent();
    test_load();
    test_measured_again("absurd", absurd_line, 12);
    test_measured_again("copied", "256 3.600 3.000 2.500 1.800", 13);
    test_measured_again("dipping", "256 1.000 3.000 2.500 1.800", 14);
    test_measured_again("lagging", "256 4.000 6.000 3.000 2.000", 16);
    test_slow_small_size(15);
    test_forced_environment();
    test_failed_kept(24);
    printf("t_rates_trust: %d failed\n", failures);
    return failures;
}
