/* The QR tester's test problem: sub(A) = A(IA:IA+M-1, JA:JA+N-1) random in
 * [-0.5, 0.5) plus a shift on its diagonal that keeps the condition number
 * below about 4 whatever the shape, every entry a function of its global
 * indices (no rank needs the whole matrix); a recognisable pattern outside
 * sub(A).  TAU lives in a guarded local vector. */
#ifndef QR_PROBLEM_H
#define QR_PROBLEM_H

#include <stddef.h>
#include <stdint.h>

#include "testing/llt/llt_matrix.h"

struct qr_problem {
    int m, n, ia, ja;
    double shift;
    uint64_t seed;
};

void qr_problem_init(struct qr_problem *pb, int m, int n, int ia, int ja,
                     uint64_t seed);
/* Entry (GI, GJ), 1-based global indices of A. */
double qr_problem_entry(const struct qr_problem *pb, int gi, int gj);
void qr_problem_fill(const struct qr_problem *pb, struct llt_dist *d);
/* Local entries of D outside sub(A) that differ (bitwise) from the fill. */
long qr_problem_changed_outside(const struct qr_problem *pb,
                                const struct llt_dist *d);
/* Uniform random values in rows I0..I0+M-1 and columns J0..J0+N-1
 * (1-based) of D, zero elsewhere; STREAM picks an independent sequence. */
void qr_fill_random(struct llt_dist *d, uint64_t seed, int stream, int i0,
                    int m, int j0, int n);

/* TAU as PDGEQRF sees it: LOCc(JA+MIN(M,N)-1) entries (at least one),
 * guards on both sides, a pattern in every entry. */
struct qr_tau {
    double *storage, *tau;
    size_t len;
};

int qr_tau_create(struct qr_tau *t, const struct llt_dist *a,
                  const struct qr_problem *pb);
void qr_tau_destroy(struct qr_tau *t);
long qr_tau_damaged_guards(const struct qr_tau *t);
/* Entries for columns outside JA..JA+MIN(M,N)-1 that changed. */
long qr_tau_changed_outside(const struct qr_tau *t, const struct llt_dist *a,
                            const struct qr_problem *pb);

/* A guarded workspace of exactly LEN entries. */
struct qr_work {
    double *storage, *work;
    size_t len;
};

int qr_work_create(struct qr_work *w, size_t len);
void qr_work_destroy(struct qr_work *w);
long qr_work_damaged_guards(const struct qr_work *w);

#endif /* QR_PROBLEM_H */
