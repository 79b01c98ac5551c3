/* The host kernel-rate probe (see kernel_rates.h). */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/blas.h"
#include "util/blas_threads.h"
#include "util/clock.h"
#include "util/env_guard.h"
#include "util/host_blas.h"
#include "util/kernel_rates.h"
#include "util/kernel_rates_file.h"
#include "util/fork_guard.h"
#include "util/mem.h"
#include "util/thread_name.h"

const int hs_rate_size[HS_RATE_SIZES] = { 128, 192, 256, 384, 512, 768, 1024 };

int hs_rate_size_index(int b)
{
    for (int s = 0; s < HS_RATE_SIZES; s++)
        if (hs_rate_size[s] == b)
            return s;
    return -1;
}

/* The threads cycle through pools of tiles that together exceed the
 * last-level cache of a node (POOL_TOTAL_BYTES), each at least
 * POOL_MIN_TILES tiles, so that every kernel reads tiles that are not in
 * cache, as in a factorization whose share does not fit.  A pool is a
 * column-major matrix and its tiles are blocks of it, POOL_TILE_ROWS to a
 * column of tiles plus POOL_LD_PAD rows: hetscal's tiles are mostly blocks
 * of the caller's array, each column on its own pages, where small tiles
 * lose more of their rate than large ones; rates of packed tiles favour
 * small tiles over the ones that run faster in the factorization. */
/* Passes over the sizes: at least MIN_PASSES, more (up to MAX_PASSES) for
 * a size whose passes do not yet agree (hs_kernel_rates_agree). */
enum { POOL_TOTAL_BYTES = 128 << 20, POOL_MIN_TILES = 6, POOL_TILE_ROWS = 4, POOL_LD_PAD = 8,
       MIN_PASSES = 2, MAX_PASSES = 4, MAX_THREADS = 256 };
/* A pass times a batch of each kernel, as many as make the work of one
 * of order BATCH_ORDER (at most MAX_BATCH): the best of a few single
 * small kernels is a lucky one, above what a factorization's thousands
 * of them average, so a lone kernel favoured small tiles. */
enum { BATCH_ORDER = 512, MAX_BATCH = 64 };

/* The pool's leading dimension for tiles of order b. */
static int pool_ld(int b)
{
    return POOL_TILE_ROWS * b + POOL_LD_PAD;
}

/* The threads start together: each waits at the gate until the calling
 * thread knows how many it could start and has sized the barrier. */
typedef struct probe_gate {
    pthread_mutex_t mutex;
    pthread_cond_t opened;
    int open;
    pthread_barrier_t barrier;
} probe_gate;

typedef struct probe_thread {
    pthread_t id;
    probe_gate *gate;
    int b, ld, batch;
    double *pool;
    size_t ntiles, next;
    int warm_up;
    double seconds[HS_NRATES];
} probe_thread;

static double *next_tile(probe_thread *p)
{
    size_t row = p->next % POOL_TILE_ROWS, column = p->next / POOL_TILE_ROWS;
    double *t = p->pool + row * p->b + column * p->b * (size_t)p->ld;
    p->next = (p->next + 1) % p->ntiles;
    return t;
}

/* A tile that DTRSM and DPOTRF take: lower triangle of an SPD matrix with
 * a dominant diagonal.  Writing it touches only the lower triangle. */
static void make_spd(double *t, int b, int ld)
{
    for (int j = 0; j < b; j++)
        for (int i = j; i < b; i++)
            t[i + (size_t)j * ld] = i == j ? b + 1.0 : 0.01;
}

static void run_kernel(probe_thread *p, int kernel)
{
    int b = p->b, ld = p->ld;
    const double one = 1.0, minus = -1.0;
    double *x[MAX_BATCH], *y[MAX_BATCH], *z[MAX_BATCH];
    for (int r = 0; r < p->batch; r++) {
        x[r] = next_tile(p);
        y[r] = next_tile(p);
        z[r] = next_tile(p);
        if (kernel == HS_RATE_TRSM || kernel == HS_RATE_POTRF)
            make_spd(x[r], b, ld);
    }
    pthread_barrier_wait(&p->gate->barrier);
    double t0 = hs_now();
    for (int r = 0; r < p->batch; r++)
        switch (kernel) {
        case HS_RATE_GEMM:
            dgemm_("N", "T", &b, &b, &b, &minus, x[r], &ld, y[r], &ld, &one, z[r], &ld, 1, 1);
            break;
        case HS_RATE_SYRK:
            dsyrk_("L", "N", &b, &b, &minus, x[r], &ld, &one, z[r], &ld, 1, 1);
            break;
        case HS_RATE_TRSM:
            hs_host_trsm_d('R', 'L', 'T', 'N', b, b, 1.0, x[r], ld, z[r], ld);
            break;
        default:
            (void)hs_host_potrf_d('L', b, x[r], ld);
            break;
        }
    double t = (hs_now() - t0) / p->batch;
    if (p->seconds[kernel] == 0 || t < p->seconds[kernel])
        p->seconds[kernel] = t;
}

static void probe_run(probe_thread *p)
{
    hs_fork_guard_enter();
    if (p->warm_up)
        run_kernel(p, HS_RATE_GEMM);   /* library threads, clocks */
    memset(p->seconds, 0, sizeof p->seconds);
    for (int k = 0; k < HS_NRATES; k++)
        run_kernel(p, k);
    hs_fork_guard_leave();
}

static void *probe_main(void *arg)
{
    probe_thread *p = arg;
    hs_thread_name("probe", -1);
    pthread_mutex_lock(&p->gate->mutex);
    while (!p->gate->open)
        pthread_cond_wait(&p->gate->opened, &p->gate->mutex);
    pthread_mutex_unlock(&p->gate->mutex);
    probe_run(p);
    return NULL;
}

static double flops(int kernel, int b)
{
    double cube = (double)b * b * b;
    return kernel == HS_RATE_GEMM ? 2 * cube : kernel == HS_RATE_POTRF ? cube / 3 : cube;
}

/* Measures size b on up to `threads` threads (the calling one among
 * them; fewer when no more can be started): each rate is the slowest
 * thread's, and raises rate[] where it is higher. */
static void measure(int b, int warm_up, int threads, double *pools[], size_t pool_values,
                    double rate[])
{
    probe_thread p[MAX_THREADS];
    probe_gate gate = { .mutex = PTHREAD_MUTEX_INITIALIZER, .opened = PTHREAD_COND_INITIALIZER };
    int ld = pool_ld(b);
    size_t ntiles = pool_values / (size_t)ld / (size_t)b * POOL_TILE_ROWS;
    /* Distinct tiles for the whole batch: a TRSM or POTRF batch must not
     * read a tile it has overwritten. */
    double per_order = (double)BATCH_ORDER / b;
    int batch = (int)ceil(per_order * per_order * per_order);
    if (batch > MAX_BATCH)
        batch = MAX_BATCH;
    if ((size_t)batch * 3 > ntiles)
        batch = (int)(ntiles / 3);
    if (batch < 1)
        batch = 1;
    for (int t = 0; t < threads; t++)
        p[t] = (probe_thread){ .gate = &gate, .b = b, .ld = ld, .batch = batch, .pool = pools[t],
                               .ntiles = ntiles, .warm_up = warm_up };
    int started = 1;
    while (started < threads && pthread_create(&p[started].id, NULL, probe_main, &p[started]) == 0)
        started++;
    pthread_barrier_init(&gate.barrier, NULL, (unsigned)started);
    pthread_mutex_lock(&gate.mutex);
    gate.open = 1;
    pthread_cond_broadcast(&gate.opened);
    pthread_mutex_unlock(&gate.mutex);
    probe_run(&p[0]);
    for (int t = 1; t < started; t++)
        pthread_join(p[t].id, NULL);
    pthread_barrier_destroy(&gate.barrier);
    for (int k = 0; k < HS_NRATES; k++) {
        double worst = 0;
        for (int t = 0; t < started; t++)
            if (p[t].seconds[k] > worst)
                worst = p[t].seconds[k];
        double r = worst > 0 ? flops(k, b) / worst * 1e-9 : 0;
        /* A rate no thread reaches (a clock that jumped): the pass
         * failed for that kernel, as if it had not run. */
        if (!(r <= HS_RATES_MAX_GFS))
            r = 0;
        if (r > rate[k])
            rate[k] = r;
    }
}

int hs_kernel_rates_agree(const double a[HS_NRATES], const double b[HS_NRATES])
{
    for (int k = 0; k < HS_NRATES; k++) {
        double lo = a[k] < b[k] ? a[k] : b[k], hi = a[k] < b[k] ? b[k] : a[k];
        if (!(lo > 0) || hi > lo * (1 + HS_RATES_AGREE_SPREAD))
            return 0;
    }
    return 1;
}

/* Whether DGEMM leads the other kernels of one size (HS_RATES_GEMM_LEAD). */
static int gemm_leads(const double rate[HS_NRATES])
{
    for (int k = 1; k < HS_NRATES; k++)
        if (rate[k] > HS_RATES_GEMM_LEAD * rate[HS_RATE_GEMM])
            return 0;
    return 1;
}

int hs_kernel_rates_plausible(const double rates[][HS_NRATES], const int known[], int s)
{
    double gemm = rates[s][0];   /* HS_NRATES order: GEMM, SYRK, TRSM, POTRF */
    for (int q = 0; q < s; q++)
        if (known[q] && gemm < HS_RATES_DIP_FLOOR * rates[q][0])
            return 0;
    return gemm > 0 && gemm_leads(rates[s]);
}

int hs_kernel_rates_sane(const double rate[HS_NRATES])
{
    for (int k = 0; k < HS_NRATES; k++)
        if (!(rate[k] > 0 && rate[k] <= HS_RATES_MAX_GFS))   /* NaN fails too */
            return 0;
    for (int k = 1; k < HS_NRATES; k++)
        if (rate[k] > HS_RATES_KERNEL_RATIO * rate[HS_RATE_GEMM])
            return 0;
    return 1;
}

int hs_kernel_rates_consistent(const double rates[][HS_NRATES], const int known[], int s)
{
    if (!gemm_leads(rates[s]))
        return 0;
    int below = -1;
    for (int q = 0; q < s; q++) {
        if (!known[q])
            continue;
        if (rates[s][HS_RATE_GEMM] < HS_RATES_READ_DIP * rates[q][HS_RATE_GEMM])
            return 0;
        below = q;
    }
    return below < 0 || memcmp(rates[s], rates[below], sizeof rates[s]) != 0;
}

int hs_kernel_rates_slowest_suspect(const double rates[][HS_NRATES], const int known[],
                                    int count)
{
    for (int s = 0; s < count; s++)
        for (int q = s + 1; known[s] && q < count; q++)
            if (known[q] && rates[q][HS_RATE_GEMM] > HS_RATES_READ_RISE * rates[s][HS_RATE_GEMM])
                return s;
    return -1;
}

/* The rates known in this process, per (threads, ranks of the node). */
enum { MAX_KEYS = 8 };
typedef struct rates_entry {
    int threads, local_ranks;
    int known[HS_RATE_SIZES];
    /* A size this process failed to measure (no memory for the probe, or
     * no sane pass): it stays unknown for the rest of the process, so
     * that every later call chooses among the same sizes as the first
     * and the same call gives the same bits. */
    int failed[HS_RATE_SIZES];
    int measured;   /* some size was measured by this process */
    double rate[HS_RATE_SIZES][HS_NRATES];
} rates_entry;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static rates_entry entries[MAX_KEYS];
static int nentries;

static rates_entry *entry_for(int threads, int local_ranks)
{
    for (int e = 0; e < nentries; e++)
        if (entries[e].threads == threads && entries[e].local_ranks == local_ranks)
            return &entries[e];
    int e = nentries < MAX_KEYS ? nentries++ : MAX_KEYS - 1;
    entries[e] = (rates_entry){ .threads = threads, .local_ranks = local_ranks };
    return &entries[e];
}

/* Measures the sizes of e below `count` that it does not know yet; each
 * new one goes to the rates file.  Returns the source. */
static int fill_entry(rates_entry *e, int count)
{
    int missing = 0, signed_yet = 0;
    char sig[HS_RATES_SIGNATURE];
    /* A size whose line the file has but that disagrees with the smaller
     * sizes: measured again, its new line replacing that one. */
    int replacing[HS_RATE_SIZES] = { 0 };
    double rejected[HS_RATE_SIZES][HS_NRATES];
    int known_before[HS_RATE_SIZES];
    memcpy(known_before, e->known, sizeof known_before);
    for (int s = 0; s < count; s++) {
        if (e->known[s] || e->failed[s])
            continue;
        /* Only for sizes not yet known: it reads /proc/cpuinfo, which a
         * call whose rates are all known has no reason to do. */
        if (!signed_yet++)
            hs_rates_signature(sig, e->threads, e->local_ranks);
        if (hs_rates_file_load(sig, hs_rate_size[s], e->rate[s]) == 0) {
            if (hs_kernel_rates_consistent(e->rate, e->known, s)) {
                e->known[s] = 1;
                continue;
            }
            replacing[s] = 1;
            memcpy(rejected[s], e->rate[s], sizeof rejected[s]);
        }
        missing = s + 1;
    }
    /* Sizes read far slower than a larger one read beside them: measured
     * again too (the larger ones stay). */
    int read[HS_RATE_SIZES] = { 0 };
    for (int s = 0; s < count; s++)
        read[s] = e->known[s] && !known_before[s];
    for (int s; (s = hs_kernel_rates_slowest_suspect(e->rate, read, count)) >= 0;) {
        read[s] = e->known[s] = 0;
        replacing[s] = 1;
        memcpy(rejected[s], e->rate[s], sizeof rejected[s]);
        if (missing < s + 1)
            missing = s + 1;
    }
    if (!missing)
        return e->measured ? HS_RATES_MEASURED : HS_RATES_FILE;

    int threads = e->threads < MAX_THREADS ? e->threads : MAX_THREADS;
    int big = hs_rate_size[missing - 1];
    /* At least one column of tiles of every size (the largest's is the
     * widest). */
    size_t pool_values = (size_t)POOL_MIN_TILES * big * big;
    if (pool_values < (size_t)pool_ld(big) * big)
        pool_values = (size_t)pool_ld(big) * big;
    if (pool_values < POOL_TOTAL_BYTES / sizeof(double) / (size_t)threads)
        pool_values = POOL_TOTAL_BYTES / sizeof(double) / (size_t)threads;
    double *pools[MAX_THREADS] = { 0 };
    int ok = 1;
    for (int t = 0; t < threads && ok; t++) {
        pools[t] = hs_mem_map_scratch(pool_values * sizeof(double));
        ok = pools[t] != NULL;
        /* Values that keep every kernel in normal floating point. */
        for (size_t i = 0; ok && i < pool_values; i++)
            pools[t][i] = 0.25 + (double)(i % 13) * 0.0625;
    }
    /* Passes over the sizes, the best of each kept: a burst of other load
     * (the BLAS threads of the application's last call spin for a while
     * before they sleep) spoils one pass, rarely two.  A size gets more
     * passes until two agree, so that what the rates file keeps (every
     * later run reads it: same tiles, same bits) is rarely a disturbed
     * value; load that lasts through every pass cannot be told from a
     * slow machine. */
    int entered = hs_blas_threads_enter(), warm_up = 1;
    double pass_rate[MAX_PASSES][HS_RATE_SIZES][HS_NRATES] = { { { 0 } } };
    int stable[HS_RATE_SIZES] = { 0 };
    for (int pass = 0; pass < MAX_PASSES && ok; pass++) {
        int measured_any = 0;
        for (int s = 0; s < missing; s++) {
            if (e->known[s] || e->failed[s] || (pass >= MIN_PASSES && stable[s]))
                continue;
            if (pass == 0)
                memset(e->rate[s], 0, sizeof e->rate[s]);
            measure(hs_rate_size[s], warm_up, threads, pools, pool_values, pass_rate[pass][s]);
            warm_up = 0;
            measured_any = 1;
            for (int k = 0; k < HS_NRATES; k++)
                if (pass_rate[pass][s][k] > e->rate[s][k])
                    e->rate[s][k] = pass_rate[pass][s][k];
            for (int q = 0; q < pass && !stable[s]; q++)
                stable[s] = hs_kernel_rates_agree(pass_rate[q][s], pass_rate[pass][s]);
        }
        if (!measured_any)
            break;
    }
    /* A size whose GEMM rate dips below a smaller size's was disturbed
     * through its passes: more passes, the best kept, before it is
     * stored (stored whatever comes of them, so that every later run
     * reads the same rates and gives the same bits). */
    int fresh[HS_RATE_SIZES] = { 0 };
    for (int s = 0; s < missing; s++)
        if (!e->known[s] && !e->failed[s]) {
            fresh[s] = e->known[s] = ok;
            e->failed[s] = !ok;
        }
    for (int s = 0; s < missing; s++) {
        for (int extra = 0; fresh[s] && extra < MAX_PASSES
                            && !(hs_kernel_rates_plausible(e->rate, e->known, s)
                                 && hs_kernel_rates_sane(e->rate[s])); extra++) {
            double again[HS_NRATES];
            measure(hs_rate_size[s], 0, threads, pools, pool_values, again);
            for (int k = 0; k < HS_NRATES; k++)
                if (again[k] > e->rate[s][k])
                    e->rate[s][k] = again[k];
        }
        /* Still no rate a thread can reach (every pass failed): the size
         * stays unknown, kept out of the file (a later run measures it
         * again), and this process's choices keep to the sizes it knows. */
        if (fresh[s] && !hs_kernel_rates_sane(e->rate[s])) {
            fresh[s] = e->known[s] = 0;
            e->failed[s] = 1;
            memset(e->rate[s], 0, sizeof e->rate[s]);
        }
    }
    for (int s = 0; s < missing; s++)
        if (fresh[s]) {
            e->measured = 1;
            hs_rates_file_store(sig, hs_rate_size[s], e->rate[s],
                                replacing[s] ? rejected[s] : NULL);
        }
    hs_blas_threads_leave(entered);
    for (int t = 0; t < threads; t++)
        hs_mem_unmap_scratch(pools[t], pool_values * sizeof(double));
    /* Without memory for the probe, the sizes it would have measured stay
     * unknown (rate 0) for the process: the choice keeps to what it knows. */
    return HS_RATES_MEASURED;
}

int hs_kernel_rates_parse(const char *text, double rates[][HS_NRATES])
{
    double given[HS_RATE_SIZES][HS_NRATES];
    int have[HS_RATE_SIZES] = { 0 }, any = 0;
    const char *p = text;
    while (*p) {
        char *end;
        long b = strtol(p, &end, 10);
        if (end == p || *end != ':')
            return -1;
        p = end + 1;
        double v[HS_NRATES];
        int k = 0;
        for (; k < HS_NRATES; k++) {
            v[k] = strtod(p, &end);
            if (end == p || !(v[k] > 0) || !isfinite(v[k]))
                return -1;
            p = end;
            if (*p != '/')
                break;
            p++;
        }
        if (k == 0)
            v[1] = v[2] = v[3] = v[0];
        else if (k != HS_NRATES - 1)
            return -1;
        int s = 0;
        while (s < HS_RATE_SIZES && hs_rate_size[s] != b)
            s++;
        if (s == HS_RATE_SIZES)
            return -1;
        memcpy(given[s], v, sizeof v);
        have[s] = any = 1;
        if (*p == ',' && p[1])
            p++;
        else if (*p)
            return -1;
    }
    if (!any)
        return -1;
    int from = 0;
    while (!have[from])
        from++;
    for (int s = 0; s < HS_RATE_SIZES; s++) {
        if (have[s])
            from = s;
        memcpy(rates[s], given[from], sizeof given[from]);
    }
    return 0;
}

int hs_kernel_rates(int count, int threads, int local_ranks, double rates[][HS_NRATES])
{
    const char *forced = getenv("HETSCAL_KERNEL_RATES");
    if (forced && *forced && hs_kernel_rates_parse(forced, rates) == 0)
        return HS_RATES_FORCED;
    if (forced && *forced)
        hs_env_report("HETSCAL_KERNEL_RATES", forced, "malformed; the rates are measured");
    if (count > HS_RATE_SIZES)
        count = HS_RATE_SIZES;
    pthread_mutex_lock(&lock);
    rates_entry *e = entry_for(threads > 0 ? threads : 1, local_ranks);
    int source = fill_entry(e, count);
    for (int s = 0; s < count; s++)
        for (int k = 0; k < HS_NRATES; k++)
            rates[s][k] = e->known[s] ? e->rate[s][k] : 0;
    pthread_mutex_unlock(&lock);
    return source;
}
