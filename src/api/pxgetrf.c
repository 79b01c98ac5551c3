/* P?GETRF's entry points (PSGETRF, PDGETRF, PCGETRF, PZGETRF), under each
 * name a Fortran compiler or a C caller may use, and their ScaLAPACK
 * interface for the call entry (api/call_entry.h); the factorization is
 * the LU table of the call driver (api/lu_call.c).  The four precisions
 * differ only in the name and the element type. */
#include "config.h"

#include "api/call_entry.h"
#include "api/call_guard.h"
#include "api/check_args.h"
#include "api/export.h"
#include "api/lu_call.h"
#include "include/hetscal.h"
#include "layout/desc.h"
#include "util/precision.h"

/* P?GETRF's checks after CHK1MAT: sub(A) starting on a block boundary,
 * then square blocks (PCHK1MAT then compares nothing more). */
static int check_args(hs_call *c, int nprow, int npcol, int myrow, int mycol)
{
    (void)nprow, (void)npcol, (void)myrow, (void)mycol;
    return hs_check_square_aligned(c->ia, c->ja, c->desca);
}

/* ScaLAPACK returns at once when A has one row (M_A = 1), with IPIV(1) =
 * 1 and INFO = 0 whatever that row holds; then when M or N is 0. */
static int nothing_to_do(const hs_call *c)
{
    if (c->desca[HS_M] == 1) {
        c->ipiv[0] = 1;
        return 1;
    }
    return c->m == 0 || c->n == 0;
}

typedef void (*getrf_fn)(const int *, const int *, void *, const int *, const int *,
                         const int *, int *, int *);

static void forward(void *next, hs_call *c, int *info)
{
    ((getrf_fn)next)(&c->m, &c->n, c->a, &c->ia, &c->ja, c->desca, c->ipiv, info);
}

/* P?GETRF's arguments: where M, N and DESCA stand, then the rules above
 * (the same in every precision). */
static const hs_entry_rules getrf_rules = {
    .m_arg = 1, .n_arg = 2, .desc_arg = 6, .check = check_args,
    .nothing_to_do = nothing_to_do, .forward = forward,
};

static void getrf_entry(int prec, const int *m, const int *n, void *a, const int *ia,
                        const int *ja, const int *desca, int *ipiv, int *info)
{
    hs_call call = { .prec = prec, .m = *m, .n = *n, .a = a, .ia = *ia, .ja = *ja,
                     .desca = desca, .ipiv = ipiv };
    hs_call_guard_enter();
    *info = hs_call_entry(&getrf_rules, &hs_pdgetrf, &call);
    hs_call_guard_leave();
}

/* One precision's entry point and its other spellings (the same function,
 * include/hetscal.h), in each of the four precisions. */
#define GETRF_ENTRY(lower_, lower, upper, T, prec)                                      \
    HETSCAL_EXPORT void lower_(const int *m, const int *n, T *a, const int *ia,         \
                               const int *ja, const int *desca, int *ipiv, int *info)   \
    {                                                                                   \
        getrf_entry(prec, m, n, a, ia, ja, desca, ipiv, info);                          \
    }                                                                                   \
    HETSCAL_EXPORT_SPELLINGS(lower_, lower, upper)

HETSCAL_ENTRIES_BY_PREC(GETRF_ENTRY, getrf, GETRF);
