/* ScaLAPACK's pivot search, for the LU panels that hold a NaN or an
 * infinity (kernels/lu_kernels_body.h).  With finite values every pivot
 * search finds the largest entry, so LAPACK's ?GETRF on the panel gives
 * ScaLAPACK's pivots and INFO.  A NaN is where they part: ScaLAPACK's
 * P?GETF2 asks PBLAS's P?AMAX, which calls I?AMAX on each process row's
 * local part of the column and combines the answers up a tree towards
 * process row 0 with "take the other's if |mine| < |other's|".  A NaN
 * never wins that comparison and never loses it, so a process row that
 * holds none of the column (0) keeps its 0 against a NaN, and P?GETF2
 * then sees an exactly zero pivot: INFO > 0 (on one process row the NaN
 * itself is the pivot and INFO stays 0).  Which entry each I?AMAX picks
 * among NaNs and numbers is its own business (OpenBLAS's kernels pick
 * differently by the vector's length and its 16-byte alignment), so the
 * emulation calls the same I?AMAX on a copy of each process row's part
 * placed as the caller's local array would place it.
 *
 * This header holds what does not depend on the precision: the caller's
 * row distribution, as the panel task carries it in its arguments, and which
 * rows of a column each process row holds. */
#ifndef HETSCAL_KERNELS_LU_PIVOT_SEARCH_H
#define HETSCAL_KERNELS_LU_PIVOT_SEARCH_H

/* How P?GETRF's caller distributes A's rows and columns (MB_A = NB_A, as
 * P?GETRF requires). */
typedef struct hs_lu_rows {
    int ia, ja;          /* sub(A)'s first row and column in A, 1-based */
    int m_a;             /* M_A: each process row's local leading
                            dimension is taken as max(1, LOCr(M_A)) */
    int mb;              /* MB_A = NB_A */
    int rsrc;            /* RSRC_A (CSRC_A does not move a local index) */
    int nprow, npcol;    /* the caller's grid */
} hs_lu_rows;


/* Where the caller's local arrays lie, as every grid process reported it
 * at the call's start (api/lu_call.c): for process (p, q), proc[2 (p npcol
 * + q)] is the address of its A modulo HS_LU_ALIGN bytes and proc[... + 1]
 * its LLD; csrc is CSRC_A.  OpenBLAS's I?AMAX kernels may pick another
 * entry among NaNs and infinities when the same values start at another
 * address modulo their vector width, so the search copies each part to
 * that address modulo HS_LU_ALIGN (the widest vectors, AVX-512's). */
enum { HS_LU_ALIGN = 64 };
typedef struct hs_lu_caller {
    int csrc;
    const int *proc;
} hs_lu_caller;

/* Process row p's first row of sub(A) (0-based) in rows [r, m), or -1
 * when it holds none of them. */
int hs_lu_rows_first(const hs_lu_rows *d, int p, int r, int m);

/* The next row of sub(A) after row i on i's process row, or -1 at m. */
int hs_lu_rows_next(const hs_lu_rows *d, int i, int m);

/* Where the local vector that starts at element (i, j) of sub(A) on its
 * owner begins relative to an HS_LU_ALIGN-byte boundary, in elements of
 * esize bytes, from where its owner's A lies (c), or, without c (a
 * simulated call), taking the caller's local array as so aligned, with
 * LLD = max(1, LOCr(M_A)). */
int hs_lu_rows_phase(const hs_lu_rows *d, const hs_lu_caller *c, int i, int j, int esize);

#endif
