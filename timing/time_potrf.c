/* PDPOTRF in the timer: the tester's SPD matrix (testing/llt), N^3/3 flops,
 * and the tester's residual ||A - LL'||_1 / (||A||_1 N eps). */
#include "config.h"

#include <math.h>

#include "llt_checks.h"
#include "time_scalapack.h"

static double potrf_flops(int m, int n)
{
    (void)m;
    return (double)n * n * n / 3.0;
}

static int potrf_setup(struct time_run *run)
{
    struct llt_problem pb = { run->c->n, 1, 1, run->c->uplo, 0, 2024 };
    run->pb = pb;
    return 0;
}

static void potrf_fill(struct time_run *run)
{
    llt_problem_fill(&run->pb, LLT_FILL_INPUT, &run->a);
}

static int potrf_call(struct time_run *run, int ours)
{
    const int one = 1;
    int info = 0;
    pdpotrf_fn *fn = ours ? pdpotrf_ : (pdpotrf_fn *)run->ref;
    fn(&run->c->uplo, &run->c->n, run->a.a, &one, &one, run->a.desc, &info,
       1);
    return info;
}

static double potrf_residual(struct time_run *run)
{
    struct llt_dist a0;
    const int *d = run->a.desc;
    double resid = NAN;
    if (llt_dist_create(&a0, d[CTXT_], d[M_], d[N_], d[MB_], d[NB_],
                        d[RSRC_], d[CSRC_]) == 0) {
        llt_problem_fill(&run->pb, LLT_FILL_FULL, &a0);
        resid = llt_factor_residual(&run->pb, &a0, &run->a);
        llt_dist_destroy(&a0);
    }
    return resid;
}

const struct time_routine time_potrf = {
    "POTRF", "PDPOTRF", "pdpotrf_", (time_fn *)pdpotrf_, "N^3/3",
    "||A - LL'||_1 / (||A||_1 N eps)", potrf_flops, potrf_setup, potrf_fill,
    potrf_call, potrf_residual, NULL
};
