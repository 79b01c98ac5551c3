/* One P?POTRF test case: the precision's instantiation of
 * llt_case_body.h runs it (build the matrix, call P?POTRF, check INFO,
 * guards, untouched entries, residuals); the verdict on its residuals is
 * the same in every precision.  The residuals are made global by
 * testing/tester/frame.c. */
#include "config.h"

#include <math.h>
#include <mpi.h>

#include "llt_case.h"
#include "testing/tester/checks.h"
#include "testing/tester/dist.h"

/* The checks run on the caller's layout when its blocks are large enough
 * for PBLAS and P?POTRS to be quick.  Below LLT_CHECK_MIN_NB they would
 * take O(N^2) tiny steps, so the factor is first copied by P?GEMR2D into a
 * layout of sub(A) alone with LLT_CHECK_NB-sized blocks. */
#define LLT_CHECK_MIN_NB 16
#define LLT_CHECK_NB 64

#define TX_BODY "testing/llt/llt_case_body.h"
#include "testing/tester/tx_instantiate.h"

tester_run_fn *const llt_run_by_prec[TESTER_NPREC] =
    TESTER_BY_PREC(llt_run);

int llt_residuals_ok(const void *case_, const struct tester_outcome *o)
{
    const struct llt_case *c = case_;
    if (c->special == LLT_NOT_SPD || c->special == LLT_NAN_PIVOT)
        return 1;
    return tester_residual_ok(o->resid[LLT_RESID_FACTOR], c->thresh) &&
           tester_residual_ok(o->resid[LLT_RESID_SOLVE], c->thresh) &&
           (c->special != LLT_IMAG_DIAG ||
            tester_residual_ok(o->resid[LLT_RESID_CMP], c->thresh));
}
