/* PDPOTRF's entry points, under each name a Fortran compiler or a C caller
 * may use, and its ScaLAPACK interface for the call entry (api/call_entry.h:
 * the argument checks, forwarding to the user's ScaLAPACK under
 * HETSCAL_DISABLE); the factorization is the Cholesky table of the call
 * driver (api/cholesky_call.c). */
#include "config.h"

#include "api/call_entry.h"
#include "api/call_guard.h"
#include "api/cholesky_call.h"
#include "api/export.h"
#include "include/hetscal.h"
#include "layout/desc.h"

/* PDPOTRF's checks after CHK1MAT: UPLO, then sub(A) starting on a block
 * boundary with square blocks (ScaLAPACK's PDPOTRF needs both). */
static int check_args(hs_call *c, int nprow, int npcol, int myrow, int mycol)
{
    (void)nprow, (void)npcol, (void)myrow, (void)mycol;
    const int *desca = c->desca;
    if (!c->upper && !hs_is_letter(c->uplo[0], 'L'))
        return 100;
    if ((c->ia - 1) % desca[HS_MB] != 0)
        return 400;
    if ((c->ja - 1) % desca[HS_NB] != 0)
        return 500;
    if (desca[HS_MB] != desca[HS_NB])
        return 600 + HS_NB + 1;
    return 0;
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

typedef void (*pdpotrf_fn)(const char *, const int *, double *, const int *, const int *,
                           const int *, int *, size_t);

static void forward(void *next, hs_call *c, int *info)
{
    ((pdpotrf_fn)next)(c->uplo, &c->n, c->a, &c->ia, &c->ja, c->desca, info, 1);
}

/* PDPOTRF's arguments: its name and where M, N and DESCA stand, then the
 * rules above. */
static const hs_entry_rules pdpotrf_rules = {
    .name = "PDPOTRF", .m_arg = 2, .n_arg = 2, .desc_arg = 6,
    .check = check_args, .global_value = global_value, .nothing_to_do = nothing_to_do,
    .symbol = "pdpotrf_", .forward = forward,
};

HETSCAL_EXPORT void pdpotrf_(const char *uplo, const int *n, double *a, const int *ia,
                             const int *ja, const int *desca, int *info)
{
    hs_call call = { .m = *n, .n = *n, .a = a, .ia = *ia, .ja = *ja, .desca = desca,
                     .uplo = uplo, .upper = hs_is_letter(uplo[0], 'U') };
    hs_call_guard_enter();
    *info = hs_call_entry(&pdpotrf_rules, &hs_pdpotrf, &call);
    hs_call_guard_leave();
}

/* The other spellings are the same function (include/hetscal.h). */
HETSCAL_EXPORT __typeof__(pdpotrf_) pdpotrf __attribute__((alias("pdpotrf_")));
HETSCAL_EXPORT __typeof__(pdpotrf_) PDPOTRF __attribute__((alias("pdpotrf_")));
