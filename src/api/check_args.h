/* ScaLAPACK's argument checks (CHK1MAT, PCHK1MAT) in C.  Errors use
 * ScaLAPACK's internal codes: argument i -> i*100, entry j of descriptor
 * argument i -> i*100+j; hs_code_to_info turns a code into INFO. */
#ifndef HETSCAL_API_CHECK_ARGS_H
#define HETSCAL_API_CHECK_ARGS_H

#include "blacs_shim/grid.h"

/* Local checks of a matrix argument (CHK1MAT): sizes ma (argument mapos) by na
 * (napos) at (ia, ja) of the matrix described by desc (argument descpos).
 * Returns the code ScaLAPACK reports (see check_args.c), 0 when all pass. */
int hs_chk1mat(int ma, int mapos, int na, int napos, int ia, int ja,
               const int *desc, int descpos,
               int nprow, int npcol, int myrow, int mycol);

/* The blocks P?POTRF and P?GETRF require of sub(A) at (ia, ja), checked in
 * their order after CHK1MAT: IA - 1 a multiple of MB (code 400), JA - 1 of
 * NB (500), MB = NB (600 + NB_, 606); 0 when all hold. */
int hs_check_square_aligned(int ia, int ja, const int *desc);

/* Cross-rank consistency (PCHK1MAT): process (0,0)'s global arguments are
 * compared with every process's; mismatches become codes; the smallest code
 * over the grid (0 = none) is returned on every process.  `code` is this
 * process's code so far.  extra[k] are further global values; a mismatch of
 * extra[k] gives the code extra_code[k] as it is, like ScaLAPACK's EXPOS
 * (not multiplied by 100): PDPOTRF passes 1 for UPLO, PDGEQRF 9 for its
 * query flag, so that mismatch beats every other code (INFO = -9).
 * root_words[0 .. nroot-1] (nroot <= 4, each >= 0): on process (0,0) its
 * words, which every process receives in the same collective (what (0,0)
 * decided before the checks, api/small_calls.h). */
int hs_pchk1mat(const hetscal_grid *grid, int code,
                int ma, int mapos, int na, int napos, int ia, int ja,
                const int *desc, int descpos,
                int nextra, const int *extra, const int *extra_code,
                int nroot, int *root_words);

/* PDGEQRF's minimum workspace on this process:
 * LWMIN = NB_A * (Mp0 + Nq0 + NB_A), with Mp0 = NUMROC(M+IROFF, MB_A, MYROW,
 * IAROW, NPROW) and Nq0 = NUMROC(N+ICOFF, NB_A, MYCOL, IACOL, NPCOL)
 * (ScaLAPACK's PDGEQRF; desc must have passed hs_chk1mat), exact also
 * beyond an INTEGER's range (WORK(1) is a double). */
double hs_geqrf_lwmin(int m, int n, int ia, int ja, const int *desc,
                      int nprow, int npcol, int myrow, int mycol);

static inline int hs_code_to_info(int code)
{
    return code % 100 == 0 ? -(code / 100) : -code;
}

#endif
