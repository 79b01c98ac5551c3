/* The BLACS routines the testers call beyond testing/blacs_tools.h (grid
 * sums and maxima), and the descriptor's entries.  The ScaLAPACK and
 * PBLAS routines of each precision are testing/tester/tx_scalapack.h's. */
#ifndef TESTER_SCALAPACK_H
#define TESTER_SCALAPACK_H

#include "testing/blacs_tools.h"

/* Element-wise sum / maximum over a scope of the grid; rdest = -1: the
 * result on every process; ldia = -1: no location. */
void Cigsum2d(int context, const char *scope, const char *top, int m, int n,
              int *a, int lda, int rdest, int cdest);
void Cdgamx2d(int context, const char *scope, const char *top, int m, int n,
              double *a, int lda, int *ra, int *ca, int ldia, int rdest,
              int cdest);

/* Descriptor entries, 0-based C indices of the Fortran DESC(1..9). */
enum { DTYPE_ = 0, CTXT_, M_, N_, MB_, NB_, RSRC_, CSRC_, LLD_, DLEN_ };

#endif /* TESTER_SCALAPACK_H */
