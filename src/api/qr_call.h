/* The body of PDGEQRF once the arguments are valid: repartition sub(A)
 * into tiles, factor with the runtime (TSQR + Householder reconstruction
 * per panel, doc/ARCHITECTURE.md section 4), scatter R, V and TAU back in
 * ScaLAPACK's format. */
#ifndef HETSCAL_API_QR_CALL_H
#define HETSCAL_API_QR_CALL_H

#include "blacs_shim/grid.h"
#include "util/config.h"

/* m, n > 0; a, ia, ja, desca as PDGEQRF's (already checked); tau: the
 * caller's TAU (local length LOCc(JA+MIN(M,N)-1)), written on every
 * process row of each owning process column.  Returns 0, or a negative
 * hetscal_status when the runtime failed (the same on every rank). */
int hs_qr_call(const hetscal_grid *grid, const hs_config *cfg, int m, int n,
               double *a, int ia, int ja, const int *desca, double *tau);

#endif
