/* Distributed test matrices: a block-cyclic local array wrapped in guard
 * zones (llt_dist.c, used by every tester and the timer), and the SPD test
 * problem whose every entry is a function of its global indices, so no rank
 * ever needs the whole matrix (llt_generate.c). */
#ifndef LLT_MATRIX_H
#define LLT_MATRIX_H

#include <stddef.h>
#include <stdint.h>

#include "llt_scalapack.h"
#include "testing/tester/guard.h"

/* Extra rows between LOCr and LLD, guarded too (the guard entries before
 * and after the local array are testing/tester/guard.h's). */
#define LLT_LLD_PAD 3

struct llt_dist {
    int desc[DLEN_];
    int nprow, npcol, myrow, mycol;
    int locr, locc;       /* local rows and columns of the whole matrix */
    double *storage;      /* guard, LLD*locc entries, guard */
    double *a;            /* the local array: storage + TESTER_GUARD */
    size_t len;           /* LLD*locc */
};

/* Creates an M-by-N matrix with MB-by-NB blocks, first block on process
 * (RSRC, CSRC) of grid CONTEXT, LLD = max(1, LOCr) + LLT_LLD_PAD, with the
 * guards filled.  Returns 0, or -1 (no memory, or DESCINIT refused). */
int llt_dist_create(struct llt_dist *d, int context, int m, int n, int mb,
                    int nb, int rsrc, int csrc);
void llt_dist_destroy(struct llt_dist *d);
/* Number of guard entries (around the array and in the LLD padding rows)
 * that no longer hold the guard pattern. */
long llt_dist_damaged_guards(const struct llt_dist *d);
/* 1-based global row and column of local (0-based) row LI, column LJ. */
int llt_dist_global_row(const struct llt_dist *d, int li);
int llt_dist_global_col(const struct llt_dist *d, int lj);
/* Workspace length enough for PDLANGE on any submatrix of D. */
size_t llt_dist_norm_work(const struct llt_dist *d);

/* An entry of a test matrix as a function of its 1-based global row and
 * column (GI, GJ); PB describes the matrix. */
typedef double llt_entry_fn(const void *pb, int gi, int gj);
/* Sets every local entry of D to ENTRY(PB, gi, gj). */
void llt_dist_fill(struct llt_dist *d, llt_entry_fn *entry, const void *pb);
/* Number of local entries of D where SKIP(PB, gi, gj) is false that differ
 * (bitwise) from ENTRY(PB, gi, gj). */
long llt_dist_changed(const struct llt_dist *d,
                      int (*skip)(const void *pb, int gi, int gj),
                      llt_entry_fn *entry, const void *pb);

/* The test problem: sub(A) = A(IA:IA+N-1, JA:JA+N-1) symmetric with
 * entries in [-0.5, 0.5) off the diagonal and N on it (diagonally dominant,
 * so SPD), except that the diagonal entry BAD_PIVOT (1-based, 0 = none) is
 * -N, which makes the leading minor of that order the first one that is not
 * positive definite. */
struct llt_problem {
    int n, ia, ja;
    char uplo;       /* 'L' or 'U': the triangle handed to PDPOTRF */
    int bad_pivot;
    uint64_t seed;
};

enum llt_fill {
    /* what PDPOTRF gets: the UPLO triangle of sub(A), a recognisable
     * "poison" in the other triangle, another pattern outside sub(A) */
    LLT_FILL_INPUT,
    /* sub(A) with both triangles, for the residual checks */
    LLT_FILL_FULL
};

double llt_problem_entry(const struct llt_problem *pb, enum llt_fill fill,
                         int gi, int gj);
void llt_problem_fill(const struct llt_problem *pb, enum llt_fill fill,
                      struct llt_dist *d);
/* Number of local entries of D, outside the UPLO triangle of sub(A), that
 * differ (bitwise) from what LLT_FILL_INPUT put there. */
long llt_problem_changed_outside(const struct llt_problem *pb,
                                 const struct llt_dist *d);
/* Random right-hand sides in rows IA..IA+N-1 of B, zero elsewhere. */
void llt_fill_rhs(const struct llt_problem *pb, struct llt_dist *b);

#endif /* LLT_MATRIX_H */
