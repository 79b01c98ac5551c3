/* Prototypes of the BLACS, ScaLAPACK and PBLAS routines the tester and the
 * timer call.  The Fortran routines take every argument by reference and one
 * trailing hidden length (size_t) per character argument. */
#ifndef LLT_SCALAPACK_H
#define LLT_SCALAPACK_H

#include <stddef.h>

#include "testing/blacs_tools.h"

void Cigsum2d(int context, const char *scope, const char *top, int m, int n,
              int *a, int lda, int rdest, int cdest);

/* The routine under test (hetscal's when libhetscal comes first on the link
 * line, the reference one otherwise) and the reference solver. */
void pdpotrf_(const char *uplo, const int *n, double *a, const int *ia,
              const int *ja, const int *desca, int *info, size_t uplo_len);
typedef void pdpotrf_fn(const char *uplo, const int *n, double *a,
                        const int *ia, const int *ja, const int *desca,
                        int *info, size_t uplo_len);
void pdpotrs_(const char *uplo, const int *n, const int *nrhs,
              const double *a, const int *ia, const int *ja, const int *desca,
              double *b, const int *ib, const int *jb, const int *descb,
              int *info, size_t uplo_len);

/* PBLAS and auxiliaries used by the checks. */
void pdgemm_(const char *transa, const char *transb, const int *m,
             const int *n, const int *k, const double *alpha, const double *a,
             const int *ia, const int *ja, const int *desca, const double *b,
             const int *ib, const int *jb, const int *descb,
             const double *beta, double *c, const int *ic, const int *jc,
             const int *descc, size_t transa_len, size_t transb_len);
double pdlange_(const char *norm, const int *m, const int *n, const double *a,
                const int *ia, const int *ja, const int *desca, double *work,
                size_t norm_len);
void pdlaset_(const char *uplo, const int *m, const int *n,
              const double *alpha, const double *beta, double *a,
              const int *ia, const int *ja, const int *desca,
              size_t uplo_len);
void pdlacpy_(const char *uplo, const int *m, const int *n, const double *a,
              const int *ia, const int *ja, const int *desca, double *b,
              const int *ib, const int *jb, const int *descb,
              size_t uplo_len);

/* General redistribution between two distributed matrices; CONTEXT must
 * hold every process of both. */
void pdgemr2d_(const int *m, const int *n, const double *a, const int *ia,
               const int *ja, const int *desca, double *b, const int *ib,
               const int *jb, const int *descb, const int *context);

/* Local BLAS, for the timer's DGEMM ceiling. */
void dgemm_(const char *transa, const char *transb, const int *m,
            const int *n, const int *k, const double *alpha, const double *a,
            const int *lda, const double *b, const int *ldb,
            const double *beta, double *c, const int *ldc, size_t transa_len,
            size_t transb_len);

/* Descriptor entries, 0-based C indices of the Fortran DESC(1..9). */
enum { DTYPE_ = 0, CTXT_, M_, N_, MB_, NB_, RSRC_, CSRC_, LLD_, DLEN_ };

#endif /* LLT_SCALAPACK_H */
