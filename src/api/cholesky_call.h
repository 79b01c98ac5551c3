/* PDPOTRF as a table of the call entry and driver (api/call_entry.h,
 * api/call_driver.h): its argument checks, the tile layout and the
 * Cholesky task program.  hs_call_entry(&hs_pdpotrf, ...) returns INFO,
 * the same on every rank. */
#ifndef HETSCAL_API_CHOLESKY_CALL_H
#define HETSCAL_API_CHOLESKY_CALL_H

#include "api/call_driver.h"

extern const hs_factorization hs_pdpotrf;

#endif
