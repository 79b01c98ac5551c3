/* PDPOTRF as a table of the call driver (api/call_driver.h): the tile
 * layout and the Cholesky task program.  Its entry points (api/pxpotrf.c)
 * run it through hs_call_entry with PDPOTRF's argument rules. */
#ifndef HETSCAL_API_CHOLESKY_CALL_H
#define HETSCAL_API_CHOLESKY_CALL_H

#include "api/call_driver.h"

extern const hs_factorization hs_pdpotrf;

#endif
