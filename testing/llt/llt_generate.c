/* The test problem's entries, each a pure function of its global indices
 * (testing/tester/random.c), so every rank fills and checks its own part
 * without communication. */
#include "config.h"

#include "llt_matrix.h"
#include "testing/tester/random.h"

static double spd_entry(const struct llt_problem *pb, int si, int sj)
{
    if (si == sj)
        return si + 1 == pb->bad_pivot ? -(double)pb->n : (double)pb->n;
    return si > sj ? tester_uniform_at(pb->seed, si, sj)
                   : tester_uniform_at(pb->seed, sj, si);
}

double llt_problem_entry(const struct llt_problem *pb, enum llt_fill fill,
                         int gi, int gj)
{
    int si = gi - pb->ia, sj = gj - pb->ja; /* 0-based inside sub(A) */

    if (si < 0 || sj < 0 || si >= pb->n || sj >= pb->n)
        return 3000.0 + tester_uniform_at(pb->seed + 1, gi, gj);
    if (fill == LLT_FILL_FULL || si == sj || (pb->uplo == 'L') == (si > sj))
        return spd_entry(pb, si, sj);
    return 5000.0 + tester_uniform_at(pb->seed + 2, si, sj); /* poison */
}

/* What llt_dist_fill and llt_dist_changed call: the problem and a fill. */
struct filled {
    const struct llt_problem *pb;
    enum llt_fill fill;
};

static double filled_entry(const void *f, int gi, int gj)
{
    const struct filled *x = f;
    return llt_problem_entry(x->pb, x->fill, gi, gj);
}

void llt_problem_fill(const struct llt_problem *pb, enum llt_fill fill,
                      struct llt_dist *d)
{
    struct filled f = { pb, fill };
    llt_dist_fill(d, filled_entry, &f);
}

static int in_factor_triangle(const void *f, int gi, int gj)
{
    const struct llt_problem *pb = ((const struct filled *)f)->pb;
    int si = gi - pb->ia, sj = gj - pb->ja;
    if (si < 0 || sj < 0 || si >= pb->n || sj >= pb->n)
        return 0;
    return pb->uplo == 'L' ? si >= sj : si <= sj;
}

long llt_problem_changed_outside(const struct llt_problem *pb,
                                 const struct llt_dist *d)
{
    struct filled f = { pb, LLT_FILL_INPUT };
    return llt_dist_changed(d, in_factor_triangle, filled_entry, &f);
}

void llt_fill_rhs(const struct llt_problem *pb, struct llt_dist *b)
{
    size_t lld = (size_t)b->desc[LLD_];
    for (int lj = 0; lj < b->locc; lj++) {
        int gj = llt_dist_global_col(b, lj);
        for (int li = 0; li < b->locr; li++) {
            int si = llt_dist_global_row(b, li) - pb->ia;
            b->a[li + lj * lld] =
                si >= 0 && si < pb->n ? tester_uniform_at(pb->seed + 3, si, gj)
                                      : 0.0;
        }
    }
}
