/* The test problem's entries, each a pure function of its global indices
 * (a counter-based random number generator), so every rank fills and checks
 * its own part without communication. */
#include "config.h"

#include <string.h>

#include "llt_matrix.h"

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

static double spd_entry(const struct llt_problem *pb, int si, int sj)
{
    if (si == sj)
        return si + 1 == pb->bad_pivot ? -(double)pb->n : (double)pb->n;
    return si > sj ? uniform_at(pb->seed, si, sj)
                   : uniform_at(pb->seed, sj, si);
}

double llt_problem_entry(const struct llt_problem *pb, enum llt_fill fill,
                         int gi, int gj)
{
    int si = gi - pb->ia, sj = gj - pb->ja; /* 0-based inside sub(A) */

    if (si < 0 || sj < 0 || si >= pb->n || sj >= pb->n)
        return 3000.0 + uniform_at(pb->seed + 1, gi, gj);
    if (fill == LLT_FILL_FULL || si == sj || (pb->uplo == 'L') == (si > sj))
        return spd_entry(pb, si, sj);
    return 5000.0 + uniform_at(pb->seed + 2, si, sj); /* poison */
}

void llt_problem_fill(const struct llt_problem *pb, enum llt_fill fill,
                      struct llt_dist *d)
{
    size_t lld = (size_t)d->desc[LLD_];
    for (int lj = 0; lj < d->locc; lj++) {
        int gj = llt_dist_global_col(d, lj);
        for (int li = 0; li < d->locr; li++)
            d->a[li + lj * lld] =
                llt_problem_entry(pb, fill, llt_dist_global_row(d, li), gj);
    }
}

static int in_factor_triangle(const struct llt_problem *pb, int gi, int gj)
{
    int si = gi - pb->ia, sj = gj - pb->ja;
    if (si < 0 || sj < 0 || si >= pb->n || sj >= pb->n)
        return 0;
    return pb->uplo == 'L' ? si >= sj : si <= sj;
}

long llt_problem_changed_outside(const struct llt_problem *pb,
                                 const struct llt_dist *d)
{
    size_t lld = (size_t)d->desc[LLD_];
    long changed = 0;
    for (int lj = 0; lj < d->locc; lj++) {
        int gj = llt_dist_global_col(d, lj);
        for (int li = 0; li < d->locr; li++) {
            int gi = llt_dist_global_row(d, li);
            double want;
            if (in_factor_triangle(pb, gi, gj))
                continue;
            want = llt_problem_entry(pb, LLT_FILL_INPUT, gi, gj);
            changed += memcmp(&d->a[li + lj * lld], &want, sizeof want) != 0;
        }
    }
    return changed;
}

void llt_fill_rhs(const struct llt_problem *pb, struct llt_dist *b)
{
    size_t lld = (size_t)b->desc[LLD_];
    for (int lj = 0; lj < b->locc; lj++) {
        int gj = llt_dist_global_col(b, lj);
        for (int li = 0; li < b->locr; li++) {
            int si = llt_dist_global_row(b, li) - pb->ia;
            b->a[li + lj * lld] = si >= 0 && si < pb->n
                                      ? uniform_at(pb->seed + 3, si, gj)
                                      : 0.0;
        }
    }
}
