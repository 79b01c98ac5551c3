/* The LU test problem's zero pivot (see lu_problem.h); the entries are
 * lu_problem_body.h's. */
#include "config.h"

#include "lu_problem.h"

void lu_problem_init(struct lu_problem *pb, int m, int n, int ia, int ja,
                     char kind, uint64_t seed)
{
    int k = m < n ? m : n;

    pb->m = m;
    pb->n = n;
    pb->ia = ia;
    pb->ja = ja;
    pb->kind = kind;
    pb->seed = seed;
    pb->zero_pivot = 0;
    if (k < 1)
        return;
    switch (kind) {
    case 'Z':
        pb->zero_pivot = 1;
        break;
    case 'S':
        pb->zero_pivot = k - k / 3;
        break;
    case 'L':
        pb->zero_pivot = k;
        break;
    default:
        break;
    }
}
