/* The tile choice from kernel rates, serially: HETSCAL_KERNEL_RATES
 * parsing (src/util/kernel_rates.c), the Cholesky tile model
 * (src/layout/tile_model.c) on rate tables of fast and slow small
 * kernels, and the probe with its rates file (a second process reads what
 * the first measured).  Usage: t_granularity [RATES_FILE]; exit status:
 * failures. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/tile_model.h"
#include "util/kernel_rates.h"
#include "testing/t_expect.h"
#include "util/kernel_rates_file.h"



static void test_parse(void)
{
    double r[HS_RATE_SIZES][HS_NRATES];
    expect(hs_kernel_rates_parse("256:20,768:40/30/20/10", r) == 0, "parse: valid text");
    expect(r[hs_rate_size_index(128)][HS_RATE_GEMM] == 20 && r[hs_rate_size_index(384)][HS_RATE_POTRF] == 20,
           "parse: sizes below and between take the nearest smaller given (or the first)");
    expect(r[hs_rate_size_index(1024)][HS_RATE_GEMM] == 40 && r[hs_rate_size_index(1024)][HS_RATE_SYRK] == 30
               && r[hs_rate_size_index(768)][HS_RATE_TRSM] == 20
               && r[hs_rate_size_index(768)][HS_RATE_POTRF] == 10,
           "parse: four rates in gemm/syrk/trsm/potrf order");
    static const char *const bad[] = { "", "abc", "100:20", "128:0", "128:1/2", "128:5,",
                                       "128:5;256:6", "128:-1", "128" };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char what[96];
        snprintf(what, sizeof what, "parse: '%s' is refused", bad[k]);
        expect(hs_kernel_rates_parse(bad[k], r) == -1, what);
    }
}

static int choose(const char *rates_text, int n, int threads)
{
    double r[HS_RATE_SIZES][HS_NRATES], predicted[HS_RATE_SIZES];
    if (hs_kernel_rates_parse(rates_text, r))
        return -1;
    return hs_tile_model_choose(n, threads, r, HS_RATE_SIZES, predicted);
}

static void test_model(void)
{
    /* Every size as fast: the smallest tile has the shortest critical
     * path and the same work. */
    expect(choose("128:50", 8000, 2) == 128, "model: flat rates give the smallest tile");
    /* Small tiles slow (tiles read from memory): the choice moves up. */
    int steep = choose("128:10,256:20,512:40,1024:50", 8000, 2);
    expect(steep >= 512, "model: rates rising with the size give a large tile");
    /* The same rates on many threads: the critical path weighs more. */
    int many = choose("128:10,256:20,512:40,1024:50", 8000, 1024);
    expect(many > 0 && many < steep, "model: more threads, smaller tile");
    /* One thread: no critical path to hide; the fastest kernels win. */
    expect(choose("128:40,192:42,256:44,384:46,512:48,768:49,1024:50", 100000, 1) == 1024,
           "model: one thread takes the fastest kernels");
    /* Only sizes leaving HS_TILE_MODEL_MIN_COLUMNS tile columns. */
    int small = choose("128:10,256:20,512:40,1024:50", 1000, 2);
    expect(small > 0 && small * HS_TILE_MODEL_MIN_COLUMNS <= 1000,
           "model: no tile above n / HS_TILE_MODEL_MIN_COLUMNS");
    expect(choose("128:50", 400, 2) == 0, "model: nothing to choose below 4 x 128");
    /* Sizes whose rates are unknown (the probe had no memory) are skipped. */
    double r[HS_RATE_SIZES][HS_NRATES], predicted[HS_RATE_SIZES];
    memset(r, 0, sizeof r);
    r[hs_rate_size_index(256)][0] = r[hs_rate_size_index(256)][1] = r[hs_rate_size_index(256)][2] =
        r[hs_rate_size_index(256)][3] = 30;
    expect(hs_tile_model_choose(8000, 2, r, HS_RATE_SIZES, predicted) == 256
               && predicted[hs_rate_size_index(128)] == 0 && predicted[hs_rate_size_index(256)] > 0,
           "model: sizes without rates are not considered");
}

/* When two passes of the probe agree (else it measures again). */
static void test_agree(void)
{
    double a[HS_NRATES] = { 50, 40, 30, 20 }, b[HS_NRATES] = { 54, 37, 30, 21 };
    expect(hs_kernel_rates_agree(a, b) && hs_kernel_rates_agree(b, a), "agree: within 10%");
    b[3] = 23;
    expect(!hs_kernel_rates_agree(a, b), "agree: one kernel 15% apart");
    double none[HS_NRATES] = { 0 };
    expect(!hs_kernel_rates_agree(none, none), "agree: no rates measured");
}

/* Which measured sizes the probe measures again before the rates file
 * keeps them: a GEMM rate that dips below a smaller size's was measured
 * on shared cores (a host's rates of 256 and 512 seen under other load:
 * 46 and 24 GF/s). */
static void test_plausible(void)
{
    double r[HS_RATE_SIZES][HS_NRATES] = { { 0 } };
    int known[HS_RATE_SIZES] = { 0 };
    int s256 = hs_rate_size_index(256), s384 = hs_rate_size_index(384), s512 = hs_rate_size_index(512);
    r[s256][0] = 46;
    r[s384][0] = 36.8;
    r[s512][0] = 23.9;
    known[s256] = known[s384] = known[s512] = 1;
    expect(hs_kernel_rates_plausible(r, known, s256), "plausible: the smallest size");
    expect(hs_kernel_rates_plausible(r, known, s384), "plausible: 20% below a smaller size");
    expect(!hs_kernel_rates_plausible(r, known, s512), "plausible: half a smaller size's rate");
    known[s256] = known[s384] = 0;
    expect(hs_kernel_rates_plausible(r, known, s512), "plausible: sizes not known do not count");
    r[s512][0] = 0;
    expect(!hs_kernel_rates_plausible(r, known, s512), "plausible: not measured");
    /* This host's rates file after a test suite ran beside the probe:
     * DGEMM 31.2, DSYRK 49.7 at 256. */
    double lagging[HS_NRATES] = { 31.2, 49.7, 17.4, 26.6 };
    memcpy(r[s256], lagging, sizeof lagging);
    expect(!hs_kernel_rates_plausible(r, known, s256), "plausible: DGEMM behind DSYRK");
    r[s256][HS_RATE_SYRK] = 38;
    expect(hs_kernel_rates_plausible(r, known, s256), "plausible: DSYRK 1.22 times DGEMM");
}

/* The probe on two threads for the two smallest sizes, into the rates
 * file; then the same rates again (from this process's table). */
static void test_probe(void)
{
    double first[HS_RATE_SIZES][HS_NRATES], again[HS_RATE_SIZES][HS_NRATES];
    int source = hs_kernel_rates(2, 2, 1, first);
    expect(source == HS_RATES_MEASURED || source == HS_RATES_FILE, "probe: a source");
    /* A size whose every pass failed under load (no rate a thread can
     * reach) stays unknown, all four rates 0, and is measured again by
     * the next call (util/kernel_rates.h): a loaded test host does that. */
    int known[2];
    for (int s = 0; s < 2; s++) {
        known[s] = first[s][HS_RATE_GEMM] > 0;
        if (!known[s])
            printf("probe: size %d left unknown (every pass disturbed)\n", hs_rate_size[s]);
        for (int k = 0; k < HS_NRATES; k++)
            expect(known[s] ? first[s][k] > 0.01 && first[s][k] < 1e5 : first[s][k] == 0,
                   "probe: a plausible rate, or a size left unknown");
    }
    int again_source = hs_kernel_rates(2, 2, 1, again);
    for (int s = 0; s < 2; s++)
        expect(!known[s] || memcmp(first[s], again[s], sizeof first[s]) == 0,
               "probe: a known size measured once per process");
    expect(!(known[0] && known[1]) || again_source == source,
           "probe: the same source when nothing was measured again");
    printf("probe (%s): b 128 gemm %.1f syrk %.1f trsm %.1f potrf %.1f GF/s per thread\n",
           source == HS_RATES_FILE ? "rates file" : "measured", first[0][0], first[0][1],
           first[0][2], first[0][3]);
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        /* The rates file: "check" reads it only (a second process). */
        setenv("HETSCAL_RATES_FILE", argv[1], 1);
        if (argc > 2 && strcmp(argv[2], "check") == 0) {
            /* The first process's lines as a reader judges them: a size
             * its probe stored after a dip (load through every pass) is
             * measured again, by rule; else they are read as they are. */
            double r[HS_RATE_SIZES][HS_NRATES] = { { 0 } };
            int known[HS_RATE_SIZES] = { 0 }, accepted = 1;
            char sig[HS_RATES_SIGNATURE];
            hs_rates_signature(sig, 2, 1);
            for (int s = 0; s < 2; s++) {
                known[s] = hs_rates_file_load(sig, hs_rate_size[s], r[s]) == 0;
                accepted = accepted && known[s] && hs_kernel_rates_consistent(r, known, s);
            }
            int source = hs_kernel_rates(2, 2, 1, r);
            expect(accepted ? source == HS_RATES_FILE : source == HS_RATES_MEASURED,
                   "rates file: a second process reads the first one's rates, or measures "
                   "again a size a reader rejects");
            if (!accepted)
                printf("refreshed\n");
            return failures;
        }
    }
    unsetenv("HETSCAL_KERNEL_RATES");
    test_parse();
    test_model();
    test_agree();
    test_plausible();
    test_probe();
    printf("%s: %d failure(s)\n", argv[0], failures);
    return failures;
}
