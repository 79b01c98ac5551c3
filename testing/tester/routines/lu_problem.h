/* The LU tester's test problem, in any precision: sub(A) = A(IA:IA+M-1,
 * JA:JA+N-1) with random entries of parts in [-0.5, 0.5), every entry a
 * function of its global indices (lu_problem_body.h), so no rank ever
 * needs the whole matrix; a recognisable pattern outside sub(A).  Random
 * entries make ties between pivot candidates improbable, so hetscal's
 * pivots can be required to equal the reference's exactly.
 *
 * The singular kinds make U(J,J) exactly zero for one column J (1-based
 * in sub(A)): sub(A)(J:M, 1:J) is zero.  Rows J..M then never hold a
 * pivot of columns 1..J-1, so elimination adds exact zeros to column J
 * below the diagonal, and the first zero pivot is J: INFO = J. */
#ifndef LU_PROBLEM_H
#define LU_PROBLEM_H

#include <stdint.h>

/* The matrix kinds, the variants of xlu's sections, by their letter in
 * LU.dat's kinds record: a random general matrix, or one where U(J,J)
 * comes out exactly zero for a chosen column J (lu_problem_init says
 * which). */
#define LU_KIND_LETTERS "GZSL"

struct lu_problem {
    int m, n, ia, ja;
    char kind;          /* a letter of LU_KIND_LETTERS */
    int zero_pivot;     /* J of the singular kinds, 0 for 'G' */
    uint64_t seed;
};

/* The problem of kind KIND ('G' general; 'Z', 'S', 'L': singular with J =
 * 1, MIN(M,N) - MIN(M,N)/3, MIN(M,N)) for sub(A) M x N at (IA, JA). */
void lu_problem_init(struct lu_problem *pb, int m, int n, int ia, int ja,
                     char kind, uint64_t seed);

#endif /* LU_PROBLEM_H */
