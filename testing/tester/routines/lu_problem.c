/* The LU test problem's zero pivot (see lu_problem.h); the entries are
 * lu_problem_body.h's. */
#include "config.h"

#include "lu_problem.h"

/* J of kind KIND for a sub(A) whose smaller dimension is K (see
 * lu_problem.h): 0 for 'G' and when sub(A) is empty. */
static int zero_pivot_of(char kind, int k)
{
    if (k < 1)
        return 0;
    switch (kind) {
    case 'Z':
        return 1;
    case 'S':
        return k - k / 3;
    case 'L':
        return k;
    default:
        return 0;
    }
}

void lu_problem_init(struct lu_problem *pb, int m, int n, int ia, int ja,
                     char kind, uint64_t seed)
{
    *pb = (struct lu_problem){ .m = m, .n = n, .ia = ia, .ja = ja, .kind = kind,
                               .zero_pivot = zero_pivot_of(kind, m < n ? m : n),
                               .seed = seed };
}
