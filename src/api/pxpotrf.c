/* P?POTRF's entry points (PSPOTRF, PDPOTRF, PCPOTRF, PZPOTRF), under each
 * name a Fortran compiler or a C caller may use, and their ScaLAPACK
 * interface for the call entry (api/call_entry.h: the argument checks,
 * forwarding to the user's ScaLAPACK under HETSCAL_DISABLE); the
 * factorization is the Cholesky table of the call driver
 * (api/cholesky_call.c).  The four precisions differ only in the name
 * and the element type. */
#include "config.h"

#include "api/call_entry.h"
#include "api/call_guard.h"
#include "api/check_args.h"
#include "api/cholesky_call.h"
#include "api/export.h"
#include "include/hetscal.h"
#include "util/precision.h"

/* P?POTRF's checks after CHK1MAT: UPLO, then sub(A) starting on a block
 * boundary with square blocks (ScaLAPACK's P?POTRF needs both). */
static int check_args(hs_call *c, int nprow, int npcol, int myrow, int mycol)
{
    (void)nprow, (void)npcol, (void)myrow, (void)mycol;
    if (!c->upper && !hs_is_letter(c->uplo[0], 'L'))
        return 100;
    return hs_check_square_aligned(c->ia, c->ja, c->desca);
}

/* UPLO is compared over the grid; a mismatch is code 1 (INFO = -1). */
static int global_value(const hs_call *c, int *mismatch_code)
{
    *mismatch_code = 1;
    return c->upper ? 'U' : 'L';
}

static int nothing_to_do(const hs_call *c)
{
    return c->n == 0;
}

typedef void (*potrf_fn)(const char *, const int *, void *, const int *, const int *,
                         const int *, int *, size_t);

static void forward(void *next, hs_call *c, int *info)
{
    ((potrf_fn)next)(c->uplo, &c->n, c->a, &c->ia, &c->ja, c->desca, info, 1);
}

/* P?POTRF's arguments: where M, N and DESCA stand, then the rules above
 * (the same in every precision). */
static const hs_entry_rules potrf_rules = {
    .m_arg = 2, .n_arg = 2, .desc_arg = 6, .check = check_args,
    .global_value = global_value, .nothing_to_do = nothing_to_do, .forward = forward,
};

static void potrf_entry(int prec, const char *uplo, const int *n, void *a, const int *ia,
                        const int *ja, const int *desca, int *info)
{
    hs_call call = { .prec = prec, .m = *n, .n = *n, .a = a, .ia = *ia, .ja = *ja,
                     .desca = desca, .uplo = uplo, .upper = hs_is_letter(uplo[0], 'U') };
    hs_call_guard_enter();
    *info = hs_call_entry(&potrf_rules, &hs_pdpotrf, &call);
    hs_call_guard_leave();
}

/* One precision's entry point and its other spellings (the same function,
 * include/hetscal.h), in each of the four precisions. */
#define POTRF_ENTRY(lower_, lower, upper, T, prec)                                        \
    HETSCAL_EXPORT void lower_(const char *uplo, const int *n, T *a, const int *ia,       \
                               const int *ja, const int *desca, int *info)                \
    {                                                                                     \
        potrf_entry(prec, uplo, n, a, ia, ja, desca, info);                               \
    }                                                                                     \
    HETSCAL_EXPORT_SPELLINGS(lower_, lower, upper)

HETSCAL_ENTRIES_BY_PREC(POTRF_ENTRY, potrf, POTRF);
