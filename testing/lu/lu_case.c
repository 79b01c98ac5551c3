/* One LU test case: the precision's instantiation of lu_case_body.h runs
 * it (build the matrix, call the P?GETRF under test and the reference's,
 * check INFO, guards, untouched entries, the pivots and the residuals);
 * the verdict on the residuals is the same in every precision.  The
 * residuals are made global by testing/tester/frame.c. */
#include "config.h"

#include <math.h>
#include <mpi.h>

#include "lu_case.h"
#include "lu_pivots.h"
#include "lu_problem.h"
#include "testing/tester/checks.h"

#define TX_BODY "testing/lu/lu_case_body.h"
#include "testing/tester/tx_instantiate.h"

tester_run_fn *const lu_run_by_prec[TESTER_NPREC] =
    TESTER_BY_PREC(lu_run);

int lu_case_solves(const struct lu_case *c)
{
    return c->m == c->n && c->kind == 'G';
}

int lu_residuals_ok(const void *case_, const struct tester_outcome *o)
{
    const struct lu_case *c = case_;
    return tester_residual_ok(o->resid[LU_RESID_FACTOR], c->thresh) &&
           tester_residual_ok(o->resid[LU_RESID_SOLVE], c->thresh) &&
           o->resid[LU_RESID_PIV] == 0.0 && o->resid[LU_RESID_IPIV] == 0.0;
}
