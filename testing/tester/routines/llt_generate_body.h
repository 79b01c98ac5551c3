/* Template body (testing/tester/tx_instantiate.h): the P?POTRF test
 * problem's entries in one precision (llt_problem.h), each a pure
 * function of its global indices (testing/tester/random.c), so every rank
 * fills and checks its own part without communication.  The real parts
 * are the same in every precision. */
#include "testing/tester/random.h"
#include "testing/tester/outside_body.h"

static TX_T TX_SFX(spd_entry)(const struct llt_problem *pb,
                              enum llt_fill fill, int si, int sj)
{
    int hi = si > sj ? si : sj, lo = si > sj ? sj : si;
    if (si == sj) {
        int special = si + 1 == pb->pivot ? pb->special : LLT_SPD;
        double d = special == LLT_NOT_SPD   ? -(double)pb->n
                   : special == LLT_NAN_PIVOT ? NAN
                                              : (double)pb->n;
        if (pb->special == LLT_IMAG_DIAG && fill == LLT_FILL_INPUT)
            return TX_ELEM(d, pb->n * (1.0 + tester_uniform_at(pb->seed + 4,
                                                              si, si)));
        return TX_ELEM(d, 0.0);
    }
    /* the upper triangle is the lower one's conjugate */
    return TX_ELEM(tester_uniform_at(pb->seed, hi, lo),
                   (si > sj ? 1.0 : -1.0) *
                       tester_uniform_at(pb->seed + 4, hi, lo));
}

static TX_T TX_SFX(llt_problem_entry)(const struct llt_problem *pb,
                                      enum llt_fill fill, int gi, int gj)
{
    int si = gi - pb->ia, sj = gj - pb->ja; /* 0-based inside sub(A) */

    if (si < 0 || sj < 0 || si >= pb->n || sj >= pb->n)
        return TX_SFX(outside_entry)(pb->seed, gi, gj);
    if (fill == LLT_FILL_FULL || si == sj || (pb->uplo == 'L') == (si > sj))
        return TX_SFX(spd_entry)(pb, fill, si, sj);
    /* poison */
    return TX_ELEM(5000.0 + tester_uniform_at(pb->seed + 2, si, sj),
                   -5000.0 + tester_uniform_at(pb->seed + 6, si, sj));
}

/* What dist_fill and dist_changed call: the problem and a fill. */
struct TX_SFX(llt_filled) {
    const struct llt_problem *pb;
    enum llt_fill fill;
};

static TX_T TX_SFX(filled_entry)(const void *f, int gi, int gj)
{
    const struct TX_SFX(llt_filled) *x = f;
    return TX_SFX(llt_problem_entry)(x->pb, x->fill, gi, gj);
}

static void TX_SFX(llt_problem_fill)(const struct llt_problem *pb,
                                     enum llt_fill fill,
                                     struct tester_dist *d)
{
    struct TX_SFX(llt_filled) f = { pb, fill };
    TX_SFX(dist_fill)(d, TX_SFX(filled_entry), &f);
}

static int TX_SFX(in_factor_triangle)(const void *f, int gi, int gj)
{
    const struct llt_problem *pb =
        ((const struct TX_SFX(llt_filled) *)f)->pb;
    int si = gi - pb->ia, sj = gj - pb->ja;
    if (si < 0 || sj < 0 || si >= pb->n || sj >= pb->n)
        return 0;
    return pb->uplo == 'L' ? si >= sj : si <= sj;
}

/* Number of local entries of D, outside the UPLO triangle of sub(A), that
 * differ (bitwise) from what LLT_FILL_INPUT put there. */
static long TX_SFX(llt_problem_changed_outside)(const struct llt_problem *pb,
                                                const struct tester_dist *d)
{
    struct TX_SFX(llt_filled) f = { pb, LLT_FILL_INPUT };
    return TX_SFX(dist_changed)(d, TX_SFX(in_factor_triangle),
                                TX_SFX(filled_entry), &f);
}
