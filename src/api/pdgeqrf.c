/* PDGEQRF's entry points, under each name a Fortran compiler or a C caller
 * may use, and its ScaLAPACK interface for the call entry (api/call_entry.h:
 * the argument and workspace checks, forwarding to the user's ScaLAPACK
 * under HETSCAL_DISABLE); the factorization is the QR table of the call
 * driver (api/qr_call.c). */
#include "config.h"

#include <limits.h>

#include "api/call_entry.h"
#include "api/call_guard.h"
#include "api/check_args.h"
#include "api/export.h"
#include "api/qr_call.h"
#include "include/hetscal.h"

/* LWORK's position: a short LWORK is code 900 (INFO = -9); a query flag
 * (LWORK = -1 or not) that differs between processes is code 9, as
 * ScaLAPACK hands it to PCHK1MAT, so it beats every other code. */
enum { LWORK_POS = 9 };

/* WORK(1) = LWMIN as soon as CHK1MAT passed, before LWORK is checked. */
static int check_args(hs_call *c, int nprow, int npcol, int myrow, int mycol)
{
    c->lwmin = hs_geqrf_lwmin(c->m, c->n, c->ia, c->ja, c->desca, nprow, npcol, myrow, mycol);
    c->work[0] = c->lwmin;
    /* An LWMIN past INT_MAX no INTEGER LWORK can meet (ScaLAPACK's own
     * wraps around and accepts any); hetscal needs no workspace, so any
     * LWORK is accepted then. */
    if (c->lwork < c->lwmin && c->lwork != -1 && c->lwmin <= INT_MAX)
        return LWORK_POS * 100;
    return 0;
}

static int global_value(const hs_call *c, int *mismatch_code)
{
    *mismatch_code = LWORK_POS;
    return c->lwork == -1 ? -1 : 1;
}

static int nothing_to_do(const hs_call *c)
{
    return c->lwork == -1 || c->m == 0 || c->n == 0;
}

typedef void (*pdgeqrf_fn)(const int *, const int *, double *, const int *, const int *,
                           const int *, double *, double *, const int *, int *);

static void forward(void *next, hs_call *c, int *info)
{
    ((pdgeqrf_fn)next)(&c->m, &c->n, c->a, &c->ia, &c->ja, c->desca, c->tau, c->work, &c->lwork, info);
}

static void returning(hs_call *c)
{
    c->work[0] = c->lwmin;
}

/* PDGEQRF's arguments: its name and where M, N and DESCA stand, then the
 * rules above. */
static const hs_entry_rules pdgeqrf_rules = {
    .name = "PDGEQRF", .m_arg = 1, .n_arg = 2, .desc_arg = 6,
    .check = check_args, .global_value = global_value, .nothing_to_do = nothing_to_do,
    .symbol = "pdgeqrf_", .forward = forward, .returning = returning,
};

HETSCAL_EXPORT void pdgeqrf_(const int *m, const int *n, double *a, const int *ia,
                             const int *ja, const int *desca, double *tau, double *work,
                             const int *lwork, int *info)
{
    hs_call call = { .m = *m, .n = *n, .a = a, .ia = *ia, .ja = *ja, .desca = desca,
                     .tau = tau, .work = work, .lwork = *lwork };
    hs_call_guard_enter();
    *info = hs_call_entry(&pdgeqrf_rules, &hs_pdgeqrf, &call);
    hs_call_guard_leave();
}

/* The other spellings are the same function (include/hetscal.h). */
HETSCAL_EXPORT __typeof__(pdgeqrf_) pdgeqrf __attribute__((alias("pdgeqrf_")));
HETSCAL_EXPORT __typeof__(pdgeqrf_) PDGEQRF __attribute__((alias("pdgeqrf_")));
