/* The testers' distributed matrices, of any precision: a block-cyclic
 * local array wrapped in guard zones (guard.h), with padding rows between
 * LOCr and LLD that are guarded too.  What depends on the element type
 * (the guard pattern, filling, comparing, norms) is dist_body.h's. */
#ifndef TESTER_DIST_H
#define TESTER_DIST_H

#include <stddef.h>

#include "guard.h"
#include "testing/tester/scalapack.h"

/* Extra rows between LOCr and LLD, guarded too (they keep LLD off the
 * powers of two). */
#define TESTER_LLD_PAD 3
/* The largest element: a double complex. */
#define TESTER_MAX_ELEM 16

struct tester_dist {
    int desc[DLEN_];
    int nprow, npcol, myrow, mycol;
    int locr, locc;       /* local rows and columns of the whole matrix */
    size_t elem;          /* bytes per element */
    unsigned char guard[TESTER_MAX_ELEM]; /* the guard element */
    void *storage;        /* guard, LLD*locc elements, guard, LLD more
                             (tester_dist_create) */
    void *a;              /* the local array: TESTER_GUARD elements in */
    size_t len;           /* LLD*locc */
};

/* DESC of an M-by-N matrix with MB-by-NB blocks, first block on process
 * (RSRC, CSRC) of grid CONTEXT, LLD = max(1, LOCR) + TESTER_LLD_PAD with
 * LOCR this process's local rows: LLD, or -1 when DESCINIT refuses.  The
 * timer lays its matrices out by it too, so that its timings compare with
 * those taken on the testers' matrices. */
int tester_descinit(int *desc, int context, int m, int n, int mb, int nb,
                    int rsrc, int csrc, int locr);

/* Creates an M-by-N matrix with MB-by-NB blocks, first block on process
 * (RSRC, CSRC) of grid CONTEXT, LLD = max(1, LOCr) + TESTER_LLD_PAD, of
 * ELEM-byte elements, every guard element GUARD.  Returns 0, or -1 (no
 * memory, or DESCINIT refused). */
int tester_dist_create(struct tester_dist *d, int context, int m, int n,
                       int mb, int nb, int rsrc, int csrc, size_t elem,
                       const void *guard);
/* D as MODEL's layout and elements (tester_dist_create's result). */
int tester_dist_like(struct tester_dist *d, const struct tester_dist *model);
void tester_dist_destroy(struct tester_dist *d);
/* tester_dist_destroy of each matrix of a list that ends with NULL: a
 * check's cleanup of its several work matrices, on every path out. */
void tester_dists_destroy(struct tester_dist *d, ...);
/* Number of guard elements (around the array and in the LLD padding
 * rows) that no longer hold the guard pattern. */
long tester_dist_damaged_guards(const struct tester_dist *d);
/* 1-based global row and column of local (0-based) row LI, column LJ. */
int tester_dist_global_row(const struct tester_dist *d, int li);
int tester_dist_global_col(const struct tester_dist *d, int lj);
/* Workspace length (reals) enough for P?LANGE on any submatrix of D. */
size_t tester_dist_norm_work(const struct tester_dist *d);

#endif /* TESTER_DIST_H */
