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

/* Cross-rank consistency (PCHK1MAT): process (0,0)'s global arguments are
 * compared with every process's; mismatches become codes; the smallest code
 * over the grid (0 = none) is returned on every process.  `code` is this
 * process's code so far.  extra[k] are further global values checked at
 * argument positions extra_pos[k]. */
int hs_pchk1mat(const hetscal_grid *grid, int code,
                int ma, int mapos, int na, int napos, int ia, int ja,
                const int *desc, int descpos,
                int nextra, const int *extra, const int *extra_pos);

static inline int hs_code_to_info(int code)
{
    return code % 100 == 0 ? -(code / 100) : -code;
}

#endif
