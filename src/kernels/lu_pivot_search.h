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
 * row distribution, as the panel task carries it in its iparam, and which
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

/* The panel task's iparam from 1 on holds these (iparam 0 is the panel's
 * first row): HS_LU_ROWS_IPARAMS ints. */
enum { HS_LU_ROWS_IPARAMS = 7 };
void hs_lu_rows_pack(const hs_lu_rows *d, int *iparam);
hs_lu_rows hs_lu_rows_unpack(const int *iparam);

/* Process row p's first row of sub(A) (0-based) in rows [r, m), or -1
 * when it holds none of them. */
int hs_lu_rows_first(const hs_lu_rows *d, int p, int r, int m);

/* The next row of sub(A) after row i on i's process row, or -1 at m. */
int hs_lu_rows_next(const hs_lu_rows *d, int i, int m);

/* Where the local vector that starts at element (i, j) of sub(A) on its
 * owner begins relative to a 16-byte boundary, in elements of esize
 * bytes: the caller's local array taken as 16-byte aligned (malloc's
 * alignment) with LLD = max(1, LOCr(M_A)). */
int hs_lu_rows_phase(const hs_lu_rows *d, int i, int j, int esize);

#endif
