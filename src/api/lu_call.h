/* P?GETRF as a table of the call driver (api/call_driver.h): the single
 * tile row layout, the LU task program (algo/lu.h) and a finishing step
 * that writes IPIV in ScaLAPACK's format and finds INFO.  Its entry points
 * (api/pxgetrf.c) run it through hs_call_entry with P?GETRF's argument
 * rules. */
#ifndef HETSCAL_API_LU_CALL_H
#define HETSCAL_API_LU_CALL_H

#include "api/call_driver.h"

extern const hs_factorization hs_pdgetrf;

#endif
