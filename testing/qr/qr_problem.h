/* The QR tester's test problem: sub(A) = A(IA:IA+M-1, JA:JA+N-1) random in
 * [-0.5, 0.5) plus a shift on its diagonal that keeps the condition number
 * below about 4 whatever the shape, every entry a function of its global
 * indices (no rank needs the whole matrix); a recognisable pattern outside
 * sub(A).  TAU and WORK live in guarded local vectors. */
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

/* A guarded local vector: guards on both sides of LEN entries. */
struct qr_vec {
    double *storage, *v;
    size_t len;
};

/* TAU as PDGEQRF sees it: LOCc(JA+MIN(M,N)-1) entries (at least one),
 * a pattern in every entry. */
int qr_tau_create(struct qr_vec *t, const struct llt_dist *a,
                  const struct qr_problem *pb);
/* Entries for columns outside JA..JA+MIN(M,N)-1 that changed. */
long qr_tau_changed_outside(const struct qr_vec *t, const struct llt_dist *a,
                            const struct qr_problem *pb);

/* A workspace of exactly LEN entries (at least one), zero. */
int qr_work_create(struct qr_vec *w, size_t len);

void qr_vec_destroy(struct qr_vec *x);
long qr_vec_damaged_guards(const struct qr_vec *x);

#endif /* QR_PROBLEM_H */
