/* The QR test problem, TAU and WORK with guard zones (see qr_problem.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "qr_problem.h"

/* The guard pattern, compared bitwise (another value than llt_dist's). */
static const double guard_value = -6.5e301;

static int is_guard(const double *x)
{
    return memcmp(x, &guard_value, sizeof guard_value) == 0;
}

static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Uniform in [-0.5, 0.5), determined by (seed, i, j). */
static double uniform_at(uint64_t seed, int i, int j)
{
    uint64_t h = mix64(seed ^ mix64(((uint64_t)(uint32_t)i << 32) |
                                    (uint32_t)j));
    return (double)(h >> 11) * 0x1.0p-53 - 0.5;
}

void qr_problem_init(struct qr_problem *pb, int m, int n, int ia, int ja,
                     uint64_t seed)
{
    pb->m = m;
    pb->n = n;
    pb->ia = ia;
    pb->ja = ja;
    pb->seed = seed;
    /* The random part has 2-norm about 0.29 (sqrt(M) + sqrt(N)); twice
     * that on the diagonal bounds the condition number by about 3. */
    pb->shift = 0.58 * (sqrt((double)m) + sqrt((double)n)) + 1.0;
}

double qr_problem_entry(const struct qr_problem *pb, int gi, int gj)
{
    int si = gi - pb->ia, sj = gj - pb->ja; /* 0-based inside sub(A) */

    if (si < 0 || sj < 0 || si >= pb->m || sj >= pb->n)
        return 3000.0 + uniform_at(pb->seed + 1, gi, gj);
    return uniform_at(pb->seed, si, sj) + (si == sj ? pb->shift : 0.0);
}

void qr_problem_fill(const struct qr_problem *pb, struct llt_dist *d)
{
    size_t lld = (size_t)d->desc[LLD_];
    for (int lj = 0; lj < d->locc; lj++) {
        int gj = llt_dist_global_col(d, lj);
        for (int li = 0; li < d->locr; li++)
            d->a[li + lj * lld] =
                qr_problem_entry(pb, llt_dist_global_row(d, li), gj);
    }
}

static int in_sub(const struct qr_problem *pb, int gi, int gj)
{
    return gi >= pb->ia && gi < pb->ia + pb->m && gj >= pb->ja &&
           gj < pb->ja + pb->n;
}

long qr_problem_changed_outside(const struct qr_problem *pb,
                                const struct llt_dist *d)
{
    size_t lld = (size_t)d->desc[LLD_];
    long changed = 0;
    for (int lj = 0; lj < d->locc; lj++) {
        int gj = llt_dist_global_col(d, lj);
        for (int li = 0; li < d->locr; li++) {
            int gi = llt_dist_global_row(d, li);
            double want;
            if (in_sub(pb, gi, gj))
                continue;
            want = qr_problem_entry(pb, gi, gj);
            changed += memcmp(&d->a[li + lj * lld], &want, sizeof want) != 0;
        }
    }
    return changed;
}

void qr_fill_random(struct llt_dist *d, uint64_t seed, int stream, int i0,
                    int m, int j0, int n)
{
    size_t lld = (size_t)d->desc[LLD_];
    for (int lj = 0; lj < d->locc; lj++) {
        int gj = llt_dist_global_col(d, lj);
        for (int li = 0; li < d->locr; li++) {
            int gi = llt_dist_global_row(d, li);
            int inside = gi >= i0 && gi < i0 + m && gj >= j0 && gj < j0 + n;
            d->a[li + lj * lld] =
                inside ? uniform_at(seed + 16 + (uint64_t)stream, gi, gj) : 0.0;
        }
    }
}

/* ---- guarded vectors ---- */

static double *guarded(size_t len, double **storage)
{
    size_t total = len + 2 * (size_t)LLT_GUARD;
    *storage = malloc(total * sizeof **storage);
    if (*storage == NULL)
        return NULL;
    for (size_t i = 0; i < total; i++)
        (*storage)[i] = guard_value;
    return *storage + LLT_GUARD;
}

static long damaged(const double *storage, size_t len)
{
    long count = 0;
    for (size_t i = 0; i < LLT_GUARD; i++) {
        count += !is_guard(&storage[i]);
        count += !is_guard(&storage[LLT_GUARD + len + i]);
    }
    return count;
}

/* The pattern in TAU entry L: never a value PDGEQRF could produce. */
static double tau_pattern(size_t l)
{
    return -4321.0 - (double)l;
}

int qr_tau_create(struct qr_tau *t, const struct llt_dist *a,
                  const struct qr_problem *pb)
{
    int k = pb->m < pb->n ? pb->m : pb->n;
    int last = pb->ja + k - 1;
    int locc = numroc_(&last, &a->desc[NB_], &a->mycol, &a->desc[CSRC_],
                       &a->npcol);

    t->len = locc > 1 ? (size_t)locc : 1;
    t->tau = guarded(t->len, &t->storage);
    if (t->tau == NULL)
        return -1;
    for (size_t l = 0; l < t->len; l++)
        t->tau[l] = tau_pattern(l);
    return 0;
}

void qr_tau_destroy(struct qr_tau *t)
{
    free(t->storage);
    t->storage = t->tau = NULL;
}

long qr_tau_damaged_guards(const struct qr_tau *t)
{
    return damaged(t->storage, t->len);
}

long qr_tau_changed_outside(const struct qr_tau *t, const struct llt_dist *a,
                            const struct qr_problem *pb)
{
    int k = pb->m < pb->n ? pb->m : pb->n;
    long changed = 0;
    for (size_t l = 0; l < t->len; l++) {
        int gj = llt_dist_global_col(a, (int)l);
        double want = tau_pattern(l);
        if (gj >= pb->ja && gj < pb->ja + k && l < (size_t)a->locc)
            continue;
        changed += memcmp(&t->tau[l], &want, sizeof want) != 0;
    }
    return changed;
}

int qr_work_create(struct qr_work *w, size_t len)
{
    w->len = len > 0 ? len : 1;
    w->work = guarded(w->len, &w->storage);
    if (w->work == NULL)
        return -1;
    for (size_t i = 0; i < w->len; i++)
        w->work[i] = 0.0;
    return 0;
}

void qr_work_destroy(struct qr_work *w)
{
    free(w->storage);
    w->storage = w->work = NULL;
}

long qr_work_damaged_guards(const struct qr_work *w)
{
    return damaged(w->storage, w->len);
}
