/* Template body (testing/tester/tx_instantiate.h): the LU test problem's
 * entries in one precision (lu_problem.h), each a pure function of its
 * global indices (the real parts are the same in every precision), and
 * random right-hand sides. */
#include "testing/tester/random.h"

/* Entry (GI, GJ), 1-based global indices of A. */
static TX_T TX_SFX(lu_problem_entry)(const struct lu_problem *pb, int gi,
                                     int gj)
{
    int si = gi - pb->ia, sj = gj - pb->ja; /* 0-based inside sub(A) */

    if (si < 0 || sj < 0 || si >= pb->m || sj >= pb->n)
        return TX_ELEM(3000.0 + tester_uniform_at(pb->seed + 1, gi, gj),
                       -3000.0 + tester_uniform_at(pb->seed + 5, gi, gj));
    /* the zero block sub(A)(J:M, 1:J) of the singular kinds */
    if (pb->zero_pivot > 0 && si + 1 >= pb->zero_pivot &&
        sj + 1 <= pb->zero_pivot)
        return TX_ELEM(0.0, 0.0);
    return TX_ELEM(tester_uniform_at(pb->seed, si, sj),
                   tester_uniform_at(pb->seed + 4, si, sj));
}

static TX_T TX_SFX(entry_of)(const void *pb, int gi, int gj)
{
    return TX_SFX(lu_problem_entry)(pb, gi, gj);
}

static void TX_SFX(lu_problem_fill)(const struct lu_problem *pb,
                                    struct tester_dist *d)
{
    TX_SFX(dist_fill)(d, TX_SFX(entry_of), pb);
}

static int TX_SFX(in_sub)(const void *problem, int gi, int gj)
{
    const struct lu_problem *pb = problem;
    return gi >= pb->ia && gi < pb->ia + pb->m && gj >= pb->ja &&
           gj < pb->ja + pb->n;
}

/* Local entries of D outside sub(A) that differ (bitwise) from the fill. */
static long TX_SFX(lu_problem_changed_outside)(const struct lu_problem *pb,
                                               const struct tester_dist *d)
{
    return TX_SFX(dist_changed)(d, TX_SFX(in_sub), TX_SFX(entry_of), pb);
}

/* Random right-hand sides in rows IA..IA+M-1 of B, zero elsewhere. */
static void TX_SFX(lu_fill_rhs)(const struct lu_problem *pb,
                                struct tester_dist *b)
{
    size_t lld = (size_t)b->desc[LLD_];
    TX_T *x = b->a;
    for (int lj = 0; lj < b->locc; lj++) {
        int gj = tester_dist_global_col(b, lj);
        for (int li = 0; li < b->locr; li++) {
            int si = tester_dist_global_row(b, li) - pb->ia;
            x[li + lj * lld] =
                si >= 0 && si < pb->m
                    ? TX_ELEM(tester_uniform_at(pb->seed + 3, si, gj),
                              tester_uniform_at(pb->seed + 7, si, gj))
                    : TX_ELEM(0.0, 0.0);
        }
    }
}
