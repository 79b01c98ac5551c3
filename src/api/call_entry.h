/* What every entry point (pdpotrf_, pdgeqrf_, ...) does around the call
 * driver, in ScaLAPACK's order: the argument checks (CHK1MAT, the
 * routine's own, PCHK1MAT over the grid, PXERBLA on every rank), the quick
 * returns of a valid call, the configuration agreed over the grid,
 * HETSCAL_DISABLE's forwarding to the next library in the link chain, and
 * a failure inside the runtime reported.  The routine's part is in its
 * hs_factorization table. */
#ifndef HETSCAL_API_CALL_ENTRY_H
#define HETSCAL_API_CALL_ENTRY_H

#include "api/call_driver.h"

/* call: the caller's arguments (m, n, a, ia, ja, desca and the routine's
 * own); grid and cfg are set here.  Returns INFO: < 0 for a bad argument
 * (after PXERBLA, the same on every rank), >= 0 from the factorization,
 * or a negative hetscal_status when the runtime failed (also the same on
 * every rank). */
int hs_call_entry(const hs_factorization *f, hs_call *call);

/* UPLO-style letters: either case. */
static inline int hs_is_letter(char c, char upper_case)
{
    return c == upper_case || c == upper_case - 'A' + 'a';
}

#endif
