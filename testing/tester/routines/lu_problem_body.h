/* Template body (testing/tester/tx_instantiate.h): the LU test problem's
 * entries in one precision (lu_problem.h), each a pure function of its
 * global indices (the real parts are the same in every precision), and
 * random right-hand sides. */
#include "testing/tester/random.h"
#include "testing/tester/outside_body.h"
#include "testing/tester/sub_body.h"

/* Entry (GI, GJ), 1-based global indices of A, of the problem PB (a
 * struct lu_problem). */
static TX_T TX_SFX(lu_problem_entry)(const void *problem, int gi, int gj)
{
    const struct lu_problem *pb = problem;
    int si = gi - pb->ia, sj = gj - pb->ja; /* 0-based inside sub(A) */

    if (si < 0 || sj < 0 || si >= pb->m || sj >= pb->n)
        return TX_SFX(outside_entry)(pb->seed, gi, gj);
    /* the zero block sub(A)(J:M, 1:J) of the singular kinds */
    if (pb->zero_pivot > 0 && si + 1 >= pb->zero_pivot &&
        sj + 1 <= pb->zero_pivot)
        return TX_ELEM(0.0, 0.0);
    return TX_ELEM(tester_uniform_at(pb->seed, si, sj),
                   tester_uniform_at(pb->seed + 4, si, sj));
}

/* TX_SFX(lu_problem_fill) and TX_SFX(lu_problem_changed_outside). */
TX_SUB_PROBLEM(lu_problem)
