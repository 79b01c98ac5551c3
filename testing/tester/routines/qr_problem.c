/* The QR test problem's shift and the guarded vectors' checks (see
 * qr_problem.h); the entries are qr_problem_body.h's. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "qr_problem.h"

void qr_problem_init(struct qr_problem *pb, int m, int n, int ia, int ja,
                     uint64_t seed)
{
    /* The random part has 2-norm about 0.29 (sqrt(M) + sqrt(N)) (0.41 with
     * complex entries); 0.58 (sqrt(M) + sqrt(N)) on the diagonal bounds
     * the condition number by about 3 (6). */
    double shift = 0.58 * (sqrt((double)m) + sqrt((double)n)) + 1.0;

    *pb = (struct qr_problem){ .m = m, .n = n, .ia = ia, .ja = ja, .shift = shift, .seed = seed };
}

void qr_vec_destroy(struct qr_vec *x)
{
    free(x->storage);
    x->storage = x->v = NULL;
}

long qr_vec_damaged_guards(const struct qr_vec *x)
{
    return tester_guards_damaged(x->storage, x->len, x->elem, x->guard);
}
