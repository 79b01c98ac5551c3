/* PDGEQRF as a table of the call driver (api/call_driver.h): the tile
 * layout, the QR task program (TSQR + Householder reconstruction per
 * panel, doc/ARCHITECTURE.md section 4) and TAU written in ScaLAPACK's
 * format.  Its entry points (api/pxgeqrf.c) run it through hs_call_entry
 * with PDGEQRF's argument and workspace rules. */
#ifndef HETSCAL_API_QR_CALL_H
#define HETSCAL_API_QR_CALL_H

#include "api/call_driver.h"

extern const hs_factorization hs_pdgeqrf;

/* The body alone, arguments already checked and cfg given (for tests):
 * m, n > 0; a, ia, ja, desca as PDGEQRF's; tau: the caller's TAU (local
 * length LOCc(JA+MIN(M,N)-1)), written on every process row of each
 * owning process column.  Returns 0, or a negative hetscal_status when the
 * runtime failed (the same on every rank). */
int hs_qr_call(const hetscal_grid *grid, const hs_config *cfg, int m, int n,
               double *a, int ia, int ja, const int *desca, double *tau);

#endif
