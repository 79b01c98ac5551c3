/* Where a call that hetscal does not run goes (a small call, a call whose
 * tiles found no memory): P?POTRF and P?GETRF on a grid of one process to
 * LAPACK's own ?POTRF or ?GETRF on sub(A) in place, on the BLAS threads
 * the application set; everything else to the same routine in the next
 * library of the link chain (ScaLAPACK).  On one process ScaLAPACK runs
 * LAPACK's algorithm through its PBLAS layers, and BLAS libraries tune
 * their ?POTRF and ?GETRF, so LAPACK's is the faster hand-off there; its
 * outputs are written as ScaLAPACK's (IPIV's rows global, a NaN pivot as
 * INFO).  HETSCAL_DISABLE still goes to the next library: the user asked
 * for the reference itself. */
#ifndef HETSCAL_API_HAND_ON_H
#define HETSCAL_API_HAND_ON_H

#include "api/call_entry.h"

/* The call (c->grid and c->routine set) goes to LAPACK when handed on. */
int hs_hand_on_lapack(const hs_call *c);

/* Whether the call can be handed on: to LAPACK, or next is not NULL. */
static inline int hs_hand_on_possible(const hs_call *c, const void *next)
{
    return next != NULL || hs_hand_on_lapack(c);
}

/* The call handed on (hs_hand_on_possible): *info set as the routine that
 * took it sets INFO. */
void hs_hand_on(const hs_entry_rules *r, void *next, hs_call *c, int *info);

/* Who takes a call handed on, for messages: "LAPACK's DGETRF" or "the next
 * PDGETRF". */
typedef struct hs_hand_on_name {
    char s[32];
} hs_hand_on_name;
hs_hand_on_name hs_hand_on_taker(const hs_call *c);

/* "the next PDGETRF": the next library's routine, by name. */
hs_hand_on_name hs_hand_on_next_name(const hs_call *c);

#endif
