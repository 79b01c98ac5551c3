/* What every entry point (pdpotrf_, pdgeqrf_, ...) does around the call
 * driver, in ScaLAPACK's order: the argument checks (CHK1MAT, the
 * routine's own, PCHK1MAT over the grid, PXERBLA on every rank), the quick
 * returns of a valid call, the configuration agreed over the grid,
 * HETSCAL_DISABLE's forwarding to the next library in the link chain, and
 * a failure inside the runtime reported.  The routine's part is a small
 * table, hs_entry_rules, kept with its entry points (api/pxpotrf.c). */
#ifndef HETSCAL_API_CALL_ENTRY_H
#define HETSCAL_API_CALL_ENTRY_H

#include <ctype.h>

#include "api/call_driver.h"

/* A routine's ScaLAPACK interface. */
typedef struct hs_entry_rules {
    /* The positions of M, N and DESCA in the argument list (for the codes
     * of CHK1MAT and PCHK1MAT; IA and JA come just before DESCA).  The
     * routine's name, as PXERBLA prints it ("PDGETRF"), and its symbol in
     * the next library ("pdgetrf_") follow from the call's precision and
     * the factorization's routine (hs_call_name). */
    int m_arg, n_arg, desc_arg;
    /* The routine's own local checks once CHK1MAT passed (grid shape and
     * coordinates as BLACS gives them): a code (argument i -> 100 i) or 0. */
    int (*check)(hs_call *call, int nprow, int npcol, int myrow, int mycol);
    /* The one further global value PCHK1MAT compares over the grid, and
     * the code its mismatch gives (as it is, like ScaLAPACK's EXPOS);
     * NULL when the routine compares none. */
    int (*global_value)(const hs_call *call, int *mismatch_code);
    /* A valid call that has nothing to compute (N = 0, a query); it may
     * set the outputs such a call has (P?GETRF's IPIV(1) = 1). */
    int (*nothing_to_do)(const hs_call *call);
    /* The same call on the next library in the link chain (HETSCAL_DISABLE
     * on rank (0,0)): the routine's symbol found there (dlsym RTLD_NEXT)
     * is `next`, which forward calls with the caller's arguments; sets
     * *info. */
    void (*forward)(void *next, hs_call *call, int *info);
    /* Outputs every valid call sets when hetscal ran it, whatever its
     * outcome (WORK(1) = LWMIN); may be NULL. */
    void (*returning)(hs_call *call);
} hs_entry_rules;

/* call: the caller's arguments (m, n, a, ia, ja, desca and the routine's
 * own); grid and cfg are set here.  Returns INFO: < 0 for a bad argument
 * (after PXERBLA, the same on every rank), >= 0 from the factorization,
 * or a negative hetscal_status when the runtime failed (also the same on
 * every rank). */
int hs_call_entry(const hs_entry_rules *rules, const hs_factorization *f, hs_call *call);

/* The call's name as ScaLAPACK's PXERBLA prints it: c->routine
 * ("pdgetrf") in capitals; a struct, so that hs_call_upper_name(c).s can
 * stand in a printf. */
typedef struct hs_upper_name {
    char s[sizeof ((hs_call *)0)->routine];
} hs_upper_name;

static inline hs_upper_name hs_call_upper_name(const hs_call *c)
{
    hs_upper_name u;
    size_t k = 0;
    for (; c->routine[k] && k + 1 < sizeof u.s; k++)
        u.s[k] = (char)toupper((unsigned char)c->routine[k]);
    u.s[k] = 0;
    return u;
}

/* UPLO-style letters: either case. */
static inline int hs_is_letter(char c, char upper_case)
{
    return c == upper_case || c == upper_case - 'A' + 'a';
}

#endif
