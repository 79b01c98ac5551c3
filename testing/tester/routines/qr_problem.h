/* The QR tester's test problem, in any precision: sub(A) = A(IA:IA+M-1,
 * JA:JA+N-1) random with parts in [-0.5, 0.5) plus a shift on its
 * diagonal that keeps the condition number small whatever the shape,
 * every entry a function of its global indices (no rank needs the whole
 * matrix, qr_problem_body.h); a recognisable pattern outside sub(A).  TAU
 * and WORK live in guarded local vectors. */
#ifndef QR_PROBLEM_H
#define QR_PROBLEM_H

#include <stddef.h>
#include <stdint.h>

#include "testing/tester/dist.h"

struct qr_problem {
    int m, n, ia, ja;
    double shift;
    uint64_t seed;
};

void qr_problem_init(struct qr_problem *pb, int m, int n, int ia, int ja,
                     uint64_t seed);

/* A guarded local vector: guards on both sides of LEN elements of ELEM
 * bytes (created by qr_problem_body.h in a precision). */
struct qr_vec {
    void *storage, *v;
    size_t len, elem;
    unsigned char guard[TESTER_MAX_ELEM];
};

void qr_vec_destroy(struct qr_vec *x);
long qr_vec_damaged_guards(const struct qr_vec *x);

#endif /* QR_PROBLEM_H */
