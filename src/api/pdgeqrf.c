/* PDGEQRF's entry points, under each name a Fortran compiler or a C caller
 * may use: the call guard around the call entry with the QR table
 * (api/qr_call.c: ScaLAPACK's argument and workspace checks, then
 * hetscal's QR; HETSCAL_DISABLE forwards to the user's ScaLAPACK). */
#include "config.h"

#include "api/call_entry.h"
#include "api/call_guard.h"
#include "api/export.h"
#include "api/qr_call.h"
#include "include/hetscal.h"

HETSCAL_EXPORT void pdgeqrf_(const int *m, const int *n, double *a, const int *ia,
                             const int *ja, const int *desca, double *tau, double *work,
                             const int *lwork, int *info)
{
    hs_call call = { .m = *m, .n = *n, .a = a, .ia = *ia, .ja = *ja, .desca = desca,
                     .tau = tau, .work = work, .lwork = *lwork };
    hs_call_guard_enter();
    *info = hs_call_entry(&hs_pdgeqrf, &call);
    hs_call_guard_leave();
}

/* The other spellings are the same function (include/hetscal.h). */
HETSCAL_EXPORT __typeof__(pdgeqrf_) pdgeqrf __attribute__((alias("pdgeqrf_")));
HETSCAL_EXPORT __typeof__(pdgeqrf_) PDGEQRF __attribute__((alias("pdgeqrf_")));
