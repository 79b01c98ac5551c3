/* The QR test problem, TAU and WORK with guard zones (see qr_problem.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "qr_problem.h"
#include "testing/tester/random.h"

/* The guard pattern, compared bitwise (another value than llt_dist's). */
static const double guard_value = -6.5e301;

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
        return 3000.0 + tester_uniform_at(pb->seed + 1, gi, gj);
    return tester_uniform_at(pb->seed, si, sj) + (si == sj ? pb->shift : 0.0);
}

static double entry_of(const void *pb, int gi, int gj)
{
    return qr_problem_entry(pb, gi, gj);
}

void qr_problem_fill(const struct qr_problem *pb, struct llt_dist *d)
{
    llt_dist_fill(d, entry_of, pb);
}

static int in_sub(const void *problem, int gi, int gj)
{
    const struct qr_problem *pb = problem;
    return gi >= pb->ia && gi < pb->ia + pb->m && gj >= pb->ja &&
           gj < pb->ja + pb->n;
}

long qr_problem_changed_outside(const struct qr_problem *pb,
                                const struct llt_dist *d)
{
    return llt_dist_changed(d, in_sub, entry_of, pb);
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
                inside ? tester_uniform_at(seed + 16 + (uint64_t)stream, gi,
                                           gj)
                       : 0.0;
        }
    }
}

/* ---- guarded vectors (testing/tester/guard.c) ---- */

/* The pattern in TAU entry L: never a value PDGEQRF could produce. */
static double tau_pattern(size_t l)
{
    return -4321.0 - (double)l;
}

/* X with LEN entries (at least one), every one VALUE(l); 0 or -1. */
static int vec_create(struct qr_vec *x, size_t len, double (*value)(size_t))
{
    x->len = len > 0 ? len : 1;
    x->v = tester_guarded(x->len, guard_value, &x->storage);
    if (x->v == NULL)
        return -1;
    for (size_t l = 0; l < x->len; l++)
        x->v[l] = value(l);
    return 0;
}

void qr_vec_destroy(struct qr_vec *x)
{
    free(x->storage);
    x->storage = x->v = NULL;
}

long qr_vec_damaged_guards(const struct qr_vec *x)
{
    return tester_guards_damaged(x->storage, x->len, guard_value);
}

int qr_tau_create(struct qr_vec *t, const struct llt_dist *a,
                  const struct qr_problem *pb)
{
    int k = pb->m < pb->n ? pb->m : pb->n;
    int last = pb->ja + k - 1;
    int locc = numroc_(&last, &a->desc[NB_], &a->mycol, &a->desc[CSRC_],
                       &a->npcol);

    return vec_create(t, locc > 0 ? (size_t)locc : 1, tau_pattern);
}

long qr_tau_changed_outside(const struct qr_vec *t, const struct llt_dist *a,
                            const struct qr_problem *pb)
{
    int k = pb->m < pb->n ? pb->m : pb->n;
    long changed = 0;
    for (size_t l = 0; l < t->len; l++) {
        int gj = llt_dist_global_col(a, (int)l);
        double want = tau_pattern(l);
        if (gj >= pb->ja && gj < pb->ja + k && l < (size_t)a->locc)
            continue;
        changed += memcmp(&t->v[l], &want, sizeof want) != 0;
    }
    return changed;
}

static double zero(size_t l)
{
    (void)l;
    return 0.0;
}

int qr_work_create(struct qr_vec *w, size_t len)
{
    return vec_create(w, len, zero);
}
