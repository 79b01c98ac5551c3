/* The pivot vectors of the LU tester: IPIV as P?GETRF sees it, LOCr(M_A)
 * + MB_A local entries, each set to a sentinel first and wrapped in guard
 * zones (testing/tester/guard.h), and its comparison with the reference's
 * IPIV, entry by entry. */
#ifndef LU_PIVOTS_H
#define LU_PIVOTS_H

#include <stddef.h>

#include "testing/tester/dist.h"

/* What every entry holds before the call: no row index P?GETRF writes. */
#define LU_PIVOT_SENTINEL (-424242)

struct lu_pivots {
    void *storage;
    int *v;
    size_t len;
};

/* IPIV for matrix A (LOCr(M_A) + MB_A entries), every entry the
 * sentinel; 0, or -1 when memory runs out. */
int lu_pivots_create(struct lu_pivots *p, const struct tester_dist *a);
/* A copy of SRC (IPIV of A after the factorization of the M rows from
 * IA, K = MIN(M,N) pivots) in P, where the rows IA+K..IA+M-1 that have no
 * pivot are interchanged with themselves, so that P?LAPIV can apply it to
 * all M rows; in DESCIP the descriptor of IPIV as ScaLAPACK's P?GETRS
 * hands it to P?LAPIV: a column of M_A + MB_A*NPROW entries in blocks of
 * MB_A, every process column holding its own copy.  0, or -1 when memory
 * runs out. */
int lu_pivots_for_lapiv(struct lu_pivots *p, const struct lu_pivots *src,
                        const struct tester_dist *a, int ia, int m, int k,
                        int *descip);
void lu_pivots_destroy(struct lu_pivots *p);
long lu_pivots_damaged_guards(const struct lu_pivots *p);

/* Local entries of GOT and WANT (alike) that differ: over the whole
 * arrays, or only where A's local row is a global row of IA..IA+K-1. */
long lu_pivots_differ(const struct lu_pivots *got,
                      const struct lu_pivots *want);
long lu_pivots_differ_in_rows(const struct lu_pivots *got,
                              const struct lu_pivots *want,
                              const struct tester_dist *a, int ia, int k);

#endif /* LU_PIVOTS_H */
