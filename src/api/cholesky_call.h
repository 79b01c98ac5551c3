/* The body of PDPOTRF once the arguments are valid: repartition into
 * tiles, factor with the runtime, scatter back, agree on INFO. */
#ifndef HETSCAL_API_CHOLESKY_CALL_H
#define HETSCAL_API_CHOLESKY_CALL_H

#include "blacs_shim/grid.h"
#include "util/config.h"

/* Returns INFO (>= 0, the same on every rank) or a negative hetscal_status
 * when the runtime failed (also the same on every rank). */
int hs_cholesky_call(const hetscal_grid *grid, const hs_config *cfg, int upper,
                     int n, double *a, int ia, int ja, const int *desca);

#endif
