/* The P?POTRF tester's test problem, in any precision: every entry a
 * function of its global indices (llt_generate_body.h), so no rank ever
 * needs the whole matrix.  sub(A) = A(IA:IA+N-1, JA:JA+N-1) is Hermitian
 * (symmetric in real precisions) with entries of parts in [-0.5, 0.5) off
 * the diagonal and N on it (diagonally dominant, so positive definite),
 * but for the special cases below; recognisable patterns outside sub(A)
 * and in the triangle that P?POTRF must not read. */
#ifndef LLT_PROBLEM_H
#define LLT_PROBLEM_H

#include <stdint.h>

/* The matrices that are not plain positive definite. */
enum llt_special {
    LLT_SPD,            /* positive definite */
    LLT_NOT_SPD,        /* diagonal entry PIVOT is -N: the leading minor of
                         * that order is the first that is not positive
                         * definite, INFO = PIVOT */
    LLT_IMAG_DIAG,      /* complex: the input's diagonal entries have
                         * imaginary parts too, which ScaLAPACK ignores:
                         * the factor is the real diagonal's */
    LLT_NAN_PIVOT       /* diagonal entry PIVOT is NaN: INFO = PIVOT, as
                         * hetscal documents (the reference's INFO, which
                         * tests only AJJ <= 0, is shown) */
};

struct llt_problem {
    int n, ia, ja;
    char uplo;          /* 'L' or 'U': the triangle handed to P?POTRF */
    int special;        /* an enum llt_special */
    int pivot;          /* 1-based diagonal entry of LLT_NOT_SPD and
                         * LLT_NAN_PIVOT */
    uint64_t seed;
};

enum llt_fill {
    /* what P?POTRF gets: the UPLO triangle of sub(A), a recognisable
     * "poison" in the other triangle, another pattern outside sub(A) */
    LLT_FILL_INPUT,
    /* sub(A) with both triangles and a real diagonal, for the residual
     * checks */
    LLT_FILL_FULL
};

#endif /* LLT_PROBLEM_H */
