/* The testers' shared check helpers (checks.h). */
#include "config.h"

#include <float.h>
#include <stdlib.h>

#include "checks.h"

double tester_eps(void)
{
    return DBL_EPSILON * 0.5;
}

int tester_residual_ok(double resid, double thresh)
{
    return resid - resid == 0.0 && resid >= 0.0 && resid <= thresh;
}

double tester_norm(const char *norm, int m, int n, const double *a, int ia,
                   int ja, const int *desc, size_t worklen)
{
    double *work = malloc(worklen * sizeof *work), value;
    if (work == NULL)
        return -1.0;
    value = pdlange_(norm, &m, &n, a, &ia, &ja, desc, work, 1);
    free(work);
    return value;
}

int tester_dist_like(struct llt_dist *d, const struct llt_dist *model)
{
    const int *desc = model->desc;
    return llt_dist_create(d, desc[CTXT_], desc[M_], desc[N_], desc[MB_],
                           desc[NB_], desc[RSRC_], desc[CSRC_]);
}
