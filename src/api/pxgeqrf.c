/* P?GEQRF's entry points (PSGEQRF, PDGEQRF, PCGEQRF, PZGEQRF), under each
 * name a Fortran compiler or a C caller may use, and their ScaLAPACK
 * interface for the call entry (api/call_entry.h: the argument and
 * workspace checks, forwarding to the user's ScaLAPACK under
 * HETSCAL_DISABLE); the factorization is the QR table of the call driver
 * (api/qr_call.c).  The four precisions differ only in the name and the
 * element type (LWMIN is the same formula for all four). */
#include "config.h"

#include <limits.h>

#include "api/call_entry.h"
#include "api/call_guard.h"
#include "api/check_args.h"
#include "api/export.h"
#include "api/qr_call.h"
#include "include/hetscal.h"
#include "util/precision.h"

/* LWORK's position: a short LWORK is code 900 (INFO = -9); a query flag
 * (LWORK = -1 or not) that differs between processes is code 9, as
 * ScaLAPACK hands it to PCHK1MAT, so it beats every other code. */
enum { LWORK_POS = 9 };

/* WORK(1) = LWMIN as soon as CHK1MAT passed, before LWORK is checked. */
static int check_args(hs_call *c, int nprow, int npcol, int myrow, int mycol)
{
    c->lwmin = hs_geqrf_lwmin(c->m, c->n, c->ia, c->ja, c->desca, nprow, npcol, myrow, mycol);
    hs_prec_store_real(c->prec, c->work, c->lwmin);
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

typedef void (*geqrf_fn)(const int *, const int *, void *, const int *, const int *,
                         const int *, void *, void *, const int *, int *);

static void forward(void *next, hs_call *c, int *info)
{
    ((geqrf_fn)next)(&c->m, &c->n, c->a, &c->ia, &c->ja, c->desca, c->tau, c->work, &c->lwork,
                     info);
}

static void returning(hs_call *c)
{
    hs_prec_store_real(c->prec, c->work, c->lwmin);
}

/* P?GEQRF's arguments: where M, N and DESCA stand, then the rules above
 * (the same in every precision). */
static const hs_entry_rules geqrf_rules = {
    .m_arg = 1, .n_arg = 2, .desc_arg = 6, .check = check_args,
    .global_value = global_value, .nothing_to_do = nothing_to_do, .forward = forward,
    .returning = returning,
};

static void geqrf_entry(int prec, const int *m, const int *n, void *a, const int *ia,
                        const int *ja, const int *desca, void *tau, void *work,
                        const int *lwork, int *info)
{
    hs_call call = { .prec = prec, .m = *m, .n = *n, .a = a, .ia = *ia, .ja = *ja,
                     .desca = desca, .tau = tau, .work = work, .lwork = *lwork };
    hs_call_guard_enter();
    *info = hs_call_entry(&geqrf_rules, &hs_pdgeqrf, &call);
    hs_call_guard_leave();
}

/* One precision's entry point and its other spellings (the same function,
 * include/hetscal.h), in each of the four precisions. */
#define GEQRF_ENTRY(lower_, lower, upper, T, prec)                                         \
    HETSCAL_EXPORT void lower_(const int *m, const int *n, T *a, const int *ia,            \
                               const int *ja, const int *desca, T *tau, T *work,           \
                               const int *lwork, int *info)                                \
    {                                                                                      \
        geqrf_entry(prec, m, n, a, ia, ja, desca, tau, work, lwork, info);                 \
    }                                                                                      \
    HETSCAL_EXPORT_SPELLINGS(lower_, lower, upper)

HETSCAL_ENTRIES_BY_PREC(GEQRF_ENTRY, geqrf, GEQRF);
