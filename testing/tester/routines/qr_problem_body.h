/* Template body (testing/tester/tx_instantiate.h): the QR test problem's
 * entries in one precision (qr_problem.h), each a pure function of its
 * global indices (the real parts are the same in every precision), random
 * right-hand sides, and TAU and WORK with guard zones. */
#include <string.h>

#include "testing/tester/random.h"
#include "testing/tester/outside_body.h"
#include "testing/tester/sub_body.h"

/* Entry (GI, GJ), 1-based global indices of A, of the problem PB (a
 * struct qr_problem). */
static TX_T TX_SFX(qr_problem_entry)(const void *problem, int gi, int gj)
{
    const struct qr_problem *pb = problem;
    int si = gi - pb->ia, sj = gj - pb->ja; /* 0-based inside sub(A) */

    if (si < 0 || sj < 0 || si >= pb->m || sj >= pb->n)
        return TX_SFX(outside_entry)(pb->seed, gi, gj);
    return TX_ELEM(tester_uniform_at(pb->seed, si, sj) +
                       (si == sj ? pb->shift : 0.0),
                   tester_uniform_at(pb->seed + 4, si, sj));
}

/* TX_SFX(qr_problem_fill) and TX_SFX(qr_problem_changed_outside). */
TX_SUB_PROBLEM(qr_problem)

/* Uniform random values in rows I0..I0+M-1 and columns J0..J0+N-1
 * (1-based) of D, zero elsewhere; STREAM picks an independent sequence. */
static void TX_SFX(qr_fill_random)(struct tester_dist *d, uint64_t seed,
                                   int stream, int i0, int m, int j0, int n)
{
    size_t lld = (size_t)d->desc[LLD_];
    TX_T *a = d->a;
    for (int lj = 0; lj < d->locc; lj++) {
        int gj = tester_dist_global_col(d, lj);
        for (int li = 0; li < d->locr; li++) {
            int gi = tester_dist_global_row(d, li);
            int inside = gi >= i0 && gi < i0 + m && gj >= j0 && gj < j0 + n;
            uint64_t s = seed + 16 + (uint64_t)stream;
            a[li + lj * lld] =
                inside ? TX_ELEM(tester_uniform_at(s, gi, gj),
                                 tester_uniform_at(s + 8, gi, gj))
                       : TX_ELEM(0.0, 0.0);
        }
    }
}

/* ---- guarded vectors (testing/tester/guard.c) ---- */

/* The pattern in TAU entry L: never a value P?GEQRF could produce. */
static TX_T TX_SFX(tau_pattern)(size_t l)
{
    return TX_ELEM(-4321.0 - (double)l, 1234.0 + (double)l);
}

static TX_T TX_SFX(zero)(size_t l)
{
    (void)l;
    return TX_ELEM(0.0, 0.0);
}

/* X with LEN entries (at least one), every one VALUE(l); 0 or -1.  Its
 * guard pattern is another value than the matrices'. */
static int TX_SFX(vec_create)(struct qr_vec *x, size_t len,
                              TX_T (*value)(size_t))
{
    const TX_T guard = TX_ELEM(-TX_BIG(6.5), -TX_BIG(6.5));
    TX_T *v;
    x->len = len > 0 ? len : 1;
    x->elem = sizeof guard;
    memcpy(x->guard, &guard, sizeof guard);
    x->v = v = tester_guarded(x->len, 0, x->elem, &guard, &x->storage);
    if (v == NULL)
        return -1;
    for (size_t l = 0; l < x->len; l++)
        v[l] = value(l);
    return 0;
}

/* TAU as P?GEQRF sees it: LOCc(JA+MIN(M,N)-1) entries (at least one), a
 * pattern in every entry. */
static int TX_SFX(qr_tau_create)(struct qr_vec *t, const struct tester_dist *a,
                                 const struct qr_problem *pb)
{
    int k = pb->m < pb->n ? pb->m : pb->n;
    int last = pb->ja + k - 1;
    int locc = numroc_(&last, &a->desc[NB_], &a->mycol, &a->desc[CSRC_],
                       &a->npcol);

    return TX_SFX(vec_create)(t, locc > 0 ? (size_t)locc : 1,
                              TX_SFX(tau_pattern));
}

/* Entries of TAU for columns outside JA..JA+MIN(M,N)-1 that changed. */
static long TX_SFX(qr_tau_changed_outside)(const struct qr_vec *t,
                                           const struct tester_dist *a,
                                           const struct qr_problem *pb)
{
    int k = pb->m < pb->n ? pb->m : pb->n;
    const TX_T *v = t->v;
    long changed = 0;
    for (size_t l = 0; l < t->len; l++) {
        int gj = tester_dist_global_col(a, (int)l);
        TX_T want = TX_SFX(tau_pattern)(l);
        if (gj >= pb->ja && gj < pb->ja + k && l < (size_t)a->locc)
            continue;
        changed += memcmp(&v[l], &want, sizeof want) != 0;
    }
    return changed;
}

/* A workspace of exactly LEN entries (at least one), zero. */
static int TX_SFX(qr_work_create)(struct qr_vec *w, size_t len)
{
    return TX_SFX(vec_create)(w, len, TX_SFX(zero));
}
