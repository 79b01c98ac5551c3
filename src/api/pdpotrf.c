/* PDPOTRF's entry points, under each name a Fortran compiler or a C caller
 * may use: the call guard around the call entry with the Cholesky table
 * (api/cholesky_call.c: ScaLAPACK's argument checks, then hetscal's
 * Cholesky; HETSCAL_DISABLE forwards to the user's ScaLAPACK). */
#include "config.h"

#include "api/call_entry.h"
#include "api/call_guard.h"
#include "api/cholesky_call.h"
#include "api/export.h"
#include "include/hetscal.h"

HETSCAL_EXPORT void pdpotrf_(const char *uplo, const int *n, double *a, const int *ia,
                             const int *ja, const int *desca, int *info)
{
    hs_call call = { .m = *n, .n = *n, .a = a, .ia = *ia, .ja = *ja, .desca = desca,
                     .uplo = uplo, .upper = hs_is_letter(uplo[0], 'U') };
    hs_call_guard_enter();
    *info = hs_call_entry(&hs_pdpotrf, &call);
    hs_call_guard_leave();
}

/* The other spellings are the same function (include/hetscal.h). */
HETSCAL_EXPORT __typeof__(pdpotrf_) pdpotrf __attribute__((alias("pdpotrf_")));
HETSCAL_EXPORT __typeof__(pdpotrf_) PDPOTRF __attribute__((alias("pdpotrf_")));
