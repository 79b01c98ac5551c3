/* Small calls handed on, by measured orders (see small_calls.h). */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/check_args.h"
#include "api/config_agree.h"
#include "api/hand_on.h"
#include "api/small_calls.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "util/clock.h"
#include "util/config.h"
#include "util/kernel_rates_file.h"
#include "util/precision.h"

enum { SIG_BYTES = HS_RATES_SIGNATURE + 128, KNOWN_KINDS = 256, MAX_REPEATS = 20 };
#define MIN_SECONDS 0.05
/* A kind's measurement stops before an order that would take it past
 * this (the slowest runs are both libraries' at the largest orders;
 * blocks of 1 to 4 make ScaLAPACK's seconds long there): calls nearest the
 * orders not measured run on hetscal. */
#define BUDGET_SECONDS 2.0
/* hetscal wins an order only when faster by this margin: within the
 * runs' noise the call stays with ScaLAPACK, which costs nothing.  On
 * one process the next library itself takes an order from LAPACK's
 * routine by the same margin. */
#define WIN_MARGIN 1.03
/* A kind's orders: bit k, the hand-off won order k; bit NEXT_SHIFT + k,
 * the next library itself was the faster hand-off there (one process,
 * where hs_hand_on's taker is LAPACK's routine). */
enum { NEXT_SHIFT = 16 };

/* What tells a kind apart in this process (the machine's part of the
 * signature aside, which stays): the call's, and rank (0,0)'s threads,
 * node's ranks and HETSCAL_DEVICES (a hash), all known before the
 * configuration is agreed. */
enum { K_PREC, K_ROUTINE, K_UPLO, K_NPROW, K_NPCOL, K_MB, K_NB, K_THREADS, K_LOCAL_RANKS,
       K_DEVICES, NKEY };

/* Rank (0,0)'s HETSCAL_DEVICES, as the kind's signature writes it (no
 * blanks or semicolons, at most 63 characters; "-" unset). */
static void devices_word(char out[64])
{
    const char *v = getenv("HETSCAL_DEVICES");
    size_t k = 0;
    for (; v && v[k] && k < 63; k++)
        out[k] = v[k] == ' ' || v[k] == ';' || v[k] == '\t' ? '_' : v[k];
    out[k] = 0;
    if (!k)
        snprintf(out, 64, "-");
}

static void kind_key(const hs_call *c, const hs_config *cfg, int key[NKEY])
{
    char devices[64];
    unsigned hash = 2166136261u;
    devices_word(devices);
    for (const char *d = devices; *d; d++)
        hash = (hash ^ (unsigned char)*d) * 16777619u;
    key[K_PREC] = c->prec;
    key[K_ROUTINE] = c->routine[2] | c->routine[3] << 8 | c->routine[4] << 16;
    key[K_UPLO] = c->uplo ? 1 + c->upper : 0;
    key[K_NPROW] = c->grid->nprow;
    key[K_NPCOL] = c->grid->npcol;
    key[K_MB] = c->desca[HS_MB];
    key[K_NB] = c->desca[HS_NB];
    key[K_THREADS] = cfg->num_threads;
    key[K_LOCAL_RANKS] = c->grid->local_ranks;
    key[K_DEVICES] = (int)(hash & 0x7fffffff);
}

/* The kinds this process already decided on as rank (0,0), so that each
 * is measured at most once per process even without a rates file, and a
 * call reads neither the file nor the machine's signature again: the
 * orders the hand-off won (a failed measurement is kept as none: hetscal
 * runs the kind's calls).  Past KNOWN_KINDS kinds the oldest make room. */
static struct known {
    int key[NKEY];
    int won;
} known[KNOWN_KINDS];
static unsigned long nknown;   /* kinds kept so far, the oldest overwritten */
static pthread_mutex_t known_lock = PTHREAD_MUTEX_INITIALIZER;

/* The orders the hand-off won for the kind (-1: not known). */
static int known_won(const int key[NKEY])
{
    int won = -1;
    pthread_mutex_lock(&known_lock);
    for (unsigned long k = 0; k < nknown && k < KNOWN_KINDS && won < 0; k++)
        if (memcmp(known[k].key, key, sizeof known[k].key) == 0)
            won = known[k].won;
    pthread_mutex_unlock(&known_lock);
    return won;
}

static void know(const int key[NKEY], int won)
{
    pthread_mutex_lock(&known_lock);
    struct known *slot = &known[nknown % KNOWN_KINDS];
    memcpy(slot->key, key, sizeof slot->key);
    slot->won = won;
    nknown++;
    pthread_mutex_unlock(&known_lock);
}

_Static_assert((int)HS_SMALL_CALLS_ORDERS <= (int)NEXT_SHIFT
                   && (int)HS_SMALL_CALLS_ORDERS + (int)NEXT_SHIFT <= 31,
               "a kind's orders fit an int's bits twice");
_Static_assert(HS_SMALL_CALLS_MAX_N == HS_SMALL_CALLS_MIN_N << (HS_SMALL_CALLS_ORDERS - 1) / 2,
               "the ladder ends at HS_SMALL_CALLS_MAX_N");

int hs_small_calls_order(int k)
{
    return (int)lround(HS_SMALL_CALLS_MIN_N * pow(2.0, k / 2.0));
}

/* Half a step (a fourth root of 2 in the order) above each order of the
 * ladder, worked out once: rank (0,0) looks at them in every call. */
static int edges[HS_SMALL_CALLS_ORDERS];
static pthread_once_t edges_once = PTHREAD_ONCE_INIT;

static void edges_init(void)
{
    for (int k = 0; k < HS_SMALL_CALLS_ORDERS; k++)
        edges[k] = (int)(hs_small_calls_order(k) * pow(2.0, 0.25));
}

/* The ladder's order nearest (in work) a call of this much work: its
 * index, or -1 past the ladder's top by more than half a step. */
static int nearest_order(const hs_factorization *f, double work)
{
    pthread_once(&edges_once, edges_init);
    for (int k = 0; k < HS_SMALL_CALLS_ORDERS; k++)
        if (work <= f->flops(edges[k], edges[k]))
            return k;
    return -1;
}

/* The kind's signature in the rates file: the machine's (as rank (0,0)
 * sees it) and the call's; 0 when it does not fit (then only this
 * process's memory keeps what was measured). */
static int kind_signature(const hs_call *c, const hs_config *cfg, char sig[SIG_BYTES])
{
    char machine[HS_RATES_SIGNATURE], devices[64];
    hs_rates_signature(machine, cfg->num_threads, c->grid->local_ranks);
    devices_word(devices);
    /* The ladder too: a hand_on line's bits are its orders; and whether
     * the next library itself was timed beside LAPACK's routine. */
    int n = snprintf(sig, SIG_BYTES,
                     "%s;call=%s%s;grid=%dx%d;blocks=%dx%d;devices=%s;ladder=%dx%d%s", machine,
                     c->routine, c->uplo ? (c->upper ? "U" : "L") : "", c->grid->nprow,
                     c->grid->npcol, c->desca[HS_MB], c->desca[HS_NB], devices,
                     HS_SMALL_CALLS_MIN_N, HS_SMALL_CALLS_ORDERS,
                     hs_hand_on_lapack(c) ? ";takers=lapack,next" : "");
    return n > 0 && n < SIG_BYTES;
}

/* A matrix of order n in the caller's blocks on the caller's grid, with
 * the arrays either library's routine may write. */
typedef struct scratch {
    int desc[HS_DLEN];
    int rows, cols;
    void *a, *tau, *work;
    int *ipiv;
    int lwork;
    double lwmin;
} scratch;

static int scratch_alloc(const hs_call *c, int n, scratch *s)
{
    const hetscal_grid *g = c->grid;
    int mb = c->desca[HS_MB], nb = c->desca[HS_NB];
    size_t e = hs_prec_bytes(c->prec);
    memset(s, 0, sizeof *s);
    s->rows = hs_numroc(n, mb, g->myrow, 0, g->nprow);
    s->cols = hs_numroc(n, nb, g->mycol, 0, g->npcol);
    int lld = s->rows > 1 ? s->rows : 1;
    int desc[HS_DLEN] = { 1, g->ctxt, n, n, mb, nb, 0, 0, lld };
    memcpy(s->desc, desc, sizeof desc);
    s->lwmin = hs_geqrf_lwmin(n, n, 1, 1, s->desc, g->nprow, g->npcol, g->myrow, g->mycol);
    if (s->lwmin > INT_MAX - 1)   /* blocks far wider than the matrix */
        return 0;
    s->lwork = (int)s->lwmin;
    s->a = malloc((size_t)lld * (size_t)(s->cols + 1) * e);
    s->tau = malloc((size_t)(s->cols + nb) * e);
    s->work = malloc((size_t)(s->lwork + 1) * e);
    s->ipiv = malloc((size_t)(s->rows + mb) * sizeof *s->ipiv);
    return s->a && s->tau && s->work && s->ipiv;
}

static void scratch_free(scratch *s)
{
    free(s->a);
    free(s->tau);
    free(s->work);
    free(s->ipiv);
}

/* An off-diagonal entry in [-1/2, 1/2) from its position: the same on
 * every rank, symmetric. */
static double entry(int i, int j)
{
    unsigned long long x = (unsigned long long)i * 0x9E3779B97F4A7C15ull ^
                           (unsigned long long)j * 0xC2B2AE3D27D4EB4Full;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    return (double)(x >> 11) * 0x1p-53 - 0.5;
}

/* For P?POTRF (the call has UPLO) symmetric with a dominant diagonal:
 * positive definite (real entries, so Hermitian in the complex
 * precisions).  For P?GETRF and P?GEQRF entries of one random-like kind,
 * the diagonal's too, so that rows are interchanged as in an ordinary
 * matrix (a dominant diagonal would spare PDGETRF its interchanges). */
static void scratch_fill(const hs_call *c, scratch *s, int n)
{
    const hetscal_grid *g = c->grid;
    int mb = s->desc[HS_MB], nb = s->desc[HS_NB];
    size_t e = hs_prec_bytes(c->prec);
    int spd = c->uplo != NULL;
    for (int lj = 0; lj < s->cols; lj++) {
        int j = (lj / nb) * nb * g->npcol + g->mycol * nb + lj % nb;
        for (int li = 0; li < s->rows; li++) {
            int i = (li / mb) * mb * g->nprow + g->myrow * mb + li % mb;
            double v = spd && i == j ? n + 1.0 : entry(i < j ? i : j, i < j ? j : i);
            hs_prec_store_real(c->prec, (char *)s->a + ((size_t)lj * s->desc[HS_LLD] + li) * e,
                               v);
        }
    }
}

/* The contenders of a measurement, in the order they run at each order. */
enum { BY_HAND_ON, BY_HETSCAL, BY_NEXT, CONTENDERS };

/* One run on the scratch matrix by a contender: INFO.  Each pays the
 * argument checks in a real call; a call hetscal runs also agrees the
 * configuration (a collective, microseconds that decide the smallest
 * orders), so that is timed with it. */
static int run_once(const hs_entry_rules *r, const hs_factorization *f, const hs_call *c,
                    int by, void *next, const hs_config *quiet, scratch *s, int n)
{
    hs_config cfg = *quiet;
    hs_call t = { .grid = c->grid, .cfg = &cfg, .prec = c->prec, .m = n, .n = n, .a = s->a,
                  .ia = 1, .ja = 1, .desca = s->desc, .uplo = c->uplo, .upper = c->upper,
                  .tau = s->tau, .work = s->work, .lwork = s->lwork, .lwmin = s->lwmin,
                  .ipiv = s->ipiv };
    memcpy(t.routine, c->routine, sizeof t.routine);
    int info = 0;
    if (by == BY_HAND_ON)
        hs_hand_on(r, next, &t, &info);
    else if (by == BY_NEXT)
        r->forward(next, &t, &info);
    else if ((info = hs_config_agree(&cfg, c->grid)) == 0)
        info = hs_call_run(f, &t);
    return info;
}

/* The best of HS_SMALL_CALLS_REPEATS runs of each of the first
 * `contenders` at order n (more, up to MAX_REPEATS, until the runs took
 * MIN_SECONDS: a run of tens of microseconds needs more to find its
 * undisturbed time), interleaved, each the time of the slowest rank: 0,
 * or -1 when a run failed or a rank had no memory (agreed). */
static int time_order(const hs_entry_rules *r, const hs_factorization *f, const hs_call *c,
                      void *next, const hs_config *quiet, int n, int contenders,
                      double best[CONTENDERS], double *spent)
{
    scratch s;
    double failed = !scratch_alloc(c, n, &s);
    int status = MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_DOUBLE, MPI_MAX, c->grid->comm);
    for (int b = 0; b < CONTENDERS; b++)
        best[b] = INFINITY;
    double here = 0;
    for (int k = 0; (k < contenders * HS_SMALL_CALLS_REPEATS
                     || (here < MIN_SECONDS && k < contenders * MAX_REPEATS))
                    && status == MPI_SUCCESS && !failed; k++) {
        scratch_fill(c, &s, n);
        MPI_Barrier(c->grid->comm);
        double t0 = hs_now();
        int info = run_once(r, f, c, k % contenders, next, quiet, &s, n);
        double v[2] = { hs_now() - t0, info != 0 };
        status = MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_DOUBLE, MPI_MAX, c->grid->comm);
        failed = v[1];
        here += v[0];
        if (v[0] < best[k % contenders])
            best[k % contenders] = v[0];
    }
    scratch_free(&s);
    *spent += here;
    return status == MPI_SUCCESS && !failed ? 0 : -1;
}

/* Both libraries at each order of the ladder, until the budget is spent
 * (on one process LAPACK's routine, hetscal and the next library itself,
 * where that is linked: ScaLAPACK's blocked PBLAS code beat OpenBLAS's
 * threaded ?POTRF at N = 500 there, doc/PERFORMANCE.md): the orders the
 * hand-off won (bit k: hs_small_calls_order(k); bit NEXT_SHIFT + k too
 * where the next library itself was the faster hand-off), or -1 when a
 * run failed.  Every order is measured, not only up to the first
 * hetscal wins: on some grids and blocks ScaLAPACK wins again at larger
 * orders (its updates grow to one large GEMM per rank while hetscal's
 * tiles still cost their messages).  The same on every rank (every time
 * is the grid's). */
static int measure(const hs_entry_rules *r, const hs_factorization *f, const hs_call *c,
                   void *next, int root)
{
    hs_config quiet = *c->cfg;
    quiet.verbose = 0;
    int won = 0, contenders = hs_hand_on_lapack(c) && next ? CONTENDERS : BY_NEXT;
    double spent = 0, last = 0;
    /* An order costs about 2.8 times the one before (sqrt 2 cubed). */
    for (int k = 0; k < HS_SMALL_CALLS_ORDERS && spent + 2.8 * last <= BUDGET_SECONDS; k++) {
        int n = hs_small_calls_order(k);
        double best[CONTENDERS], before = spent;
        if (time_order(r, f, c, next, &quiet, n, contenders, best, &spent) != 0)
            return -1;
        last = spent - before;
        if (root && c->cfg->verbose >= 2) {
            char third[64] = "";
            if (contenders > BY_NEXT)
                snprintf(third, sizeof third, ", %s %.6f s", hs_hand_on_next_name(c).s,
                         best[BY_NEXT]);
            fprintf(stderr, "hetscal: %s on %dx%d, blocks %dx%d, order %d: %s %.6f s, "
                            "hetscal %.6f s%s\n", c->routine, c->grid->nprow, c->grid->npcol,
                    c->desca[HS_MB], c->desca[HS_NB], n, hs_hand_on_taker(c).s,
                    best[BY_HAND_ON], best[BY_HETSCAL], third);
        }
        int itself = best[BY_NEXT] * WIN_MARGIN < best[BY_HAND_ON];   /* INFINITY if not run */
        double hand_on = itself ? best[BY_NEXT] : best[BY_HAND_ON];
        if (!(best[BY_HETSCAL] * WIN_MARGIN < hand_on))
            won |= 1 << k | (itself ? 1 << (NEXT_SHIFT + k) : 0);
    }
    return won;
}

/* Rank (0,0)'s orders won by the hand-off for the call's kind (-1:
 * unknown), from this process's memory or the rates file; *from says
 * which. */
static int recall(const hs_call *c, const hs_config *cfg, const int key[NKEY],
                  const char **from)
{
    int won = known_won(key);
    *from = "as this process found before";
    char sig[SIG_BYTES];
    double v;
    if (won < 0 && kind_signature(c, cfg, sig) && hs_rates_file_load_hand_on(sig, &v) == 0) {
        won = (int)v;
        know(key, won);
        *from = "from the rates file";
    }
    return won;
}

/* The ladder's orders in won, for HETSCAL_VERBOSE ("none" if none). */
static void orders_words(int won, char *out, size_t bytes)
{
    size_t n = 0;
    out[0] = 0;
    for (int k = 0; k < HS_SMALL_CALLS_ORDERS && n < bytes; k++)
        if (won & 1 << k)
            n += (size_t)snprintf(out + n, bytes - n, "%s%d", n ? "," : "",
                                  hs_small_calls_order(k));
    if (!n)
        snprintf(out, bytes, "none");
}

/* What rank (0,0) keeps of a measurement (won -1: it failed, and this
 * process runs the kind on hetscal). */
static void keep(const hs_call *c, int won)
{
    char sig[SIG_BYTES], words[HS_SMALL_CALLS_ORDERS * 6 + 8];
    char next_words[HS_SMALL_CALLS_ORDERS * 6 + 8];
    int key[NKEY];
    kind_key(c, c->cfg, key);
    know(key, won < 0 ? 0 : won);
    if (won >= 0 && kind_signature(c, c->cfg, sig))
        hs_rates_file_store_hand_on(sig, won);
    if (c->cfg->verbose && won >= 0) {
        int itself = won >> NEXT_SHIFT;
        orders_words(won & ((1 << NEXT_SHIFT) - 1) & ~itself, words, sizeof words);
        orders_words(itself, next_words, sizeof next_words);
        if (hs_hand_on_lapack(c))
            fprintf(stderr, "hetscal: %s on %dx%d, blocks %dx%d: %s is faster at orders %s, "
                            "%s at orders %s (measured)\n", c->routine, c->grid->nprow,
                    c->grid->npcol, c->desca[HS_MB], c->desca[HS_NB], hs_hand_on_taker(c).s,
                    words, hs_hand_on_next_name(c).s, next_words);
        else
            fprintf(stderr, "hetscal: %s on %dx%d, blocks %dx%d: %s is faster at orders %s "
                            "(measured)\n", c->routine, c->grid->nprow, c->grid->npcol,
                    c->desca[HS_MB], c->desca[HS_NB], hs_hand_on_taker(c).s, words);
    }
}

/* Where the plan's orders send a call of this much work: HS_SMALL_*
 * (HETSCAL, NEXT or NEXT_ITSELF). */
static int handed_on(const hs_factorization *f, const hs_small_plan *plan, double work)
{
    if (plan->won < 0)   /* HETSCAL_SMALL_CALLS=N */
        return work <= f->flops(plan->order, plan->order) ? HS_SMALL_NEXT : HS_SMALL_HETSCAL;
    int k = nearest_order(f, work);
    if (k < 0 || !(plan->won & 1 << k))
        return HS_SMALL_HETSCAL;
    return plan->won & 1 << (NEXT_SHIFT + k) ? HS_SMALL_NEXT_ITSELF : HS_SMALL_NEXT;
}

void hs_small_call_plan(const hs_factorization *f, const hs_call *c, const hs_config *cfg,
                        int may_hand_on, hs_small_plan *plan)
{
    plan->word = HS_SMALL_HETSCAL;
    plan->verbose = cfg->verbose;
    plan->order = cfg->small_calls;
    plan->won = -1;
    plan->from = "HETSCAL_SMALL_CALLS";
    if (!may_hand_on || cfg->disable || cfg->small_calls == HS_SMALL_CALLS_HETSCAL)
        return;
    double work = f->flops(c->m, c->n);
    if (cfg->small_calls == HS_SMALL_CALLS_MEASURED) {
        int k = nearest_order(f, work);
        if (k < 0)
            return;
        int key[NKEY];
        kind_key(c, cfg, key);
        plan->order = hs_small_calls_order(k);
        plan->won = recall(c, cfg, key, &plan->from);
        if (plan->won < 0) {
            plan->word = HS_SMALL_MEASURE;
            return;
        }
    }
    plan->word = handed_on(f, plan, work);
}

void hs_small_call_say(const hs_call *c, const hs_small_plan *plan)
{
    if (!plan->verbose || c->grid->rank != hetscal_grid_rank(c->grid, 0, 0))
        return;
    hs_hand_on_name taker = plan->word == HS_SMALL_NEXT_ITSELF ? hs_hand_on_next_name(c)
                                                               : hs_hand_on_taker(c);
    if (plan->won < 0)
        fprintf(stderr, "hetscal: %s M=%d N=%d: to %s, faster up to order %d on this grid "
                        "and blocks (%s)\n", c->routine, c->m, c->n, taker.s, plan->order,
                plan->from);
    else
        fprintf(stderr, "hetscal: %s M=%d N=%d: to %s, faster at order %d on this grid "
                        "and blocks (%s)\n", c->routine, c->m, c->n, taker.s, plan->order,
                plan->from);
}

int hs_small_call_measured(const hs_entry_rules *r, const hs_factorization *f, hs_call *c,
                           void *next, hs_small_plan *plan)
{
    int root = c->grid->rank == hetscal_grid_rank(c->grid, 0, 0);
    /* Rank (0,0) can hand on; a rank of another program (MPMD) may not,
     * and would skip the measurement's collectives: agreed first. */
    int possible = hs_hand_on_possible(c, next);
    if (MPI_Allreduce(MPI_IN_PLACE, &possible, 1, MPI_INT, MPI_MIN, c->grid->comm) != MPI_SUCCESS
        || !possible) {
        if (root) {   /* this process runs the kind on hetscal */
            int key[NKEY];
            kind_key(c, c->cfg, key);
            know(key, 0);
        }
        return 0;
    }
    int won = measure(r, f, c, next, root);
    if (root)
        keep(c, won);
    if (won < 0)
        return 0;
    plan->won = won;
    plan->from = "measured now";
    plan->word = handed_on(f, plan, f->flops(c->m, c->n));
    return plan->word;
}
