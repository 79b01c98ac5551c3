/* Fortran BLAS/LAPACK prototypes used by the host kernels (hidden string
 * lengths passed explicitly, as gfortran expects). */
#ifndef HETSCAL_UTIL_BLAS_H
#define HETSCAL_UTIL_BLAS_H

#include <stddef.h>

void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info,
             size_t uplo_len);
void dtrsm_(const char *side, const char *uplo, const char *transa, const char *diag,
            const int *m, const int *n, const double *alpha, const double *a,
            const int *lda, double *b, const int *ldb,
            size_t l1, size_t l2, size_t l3, size_t l4);
void dtrmm_(const char *side, const char *uplo, const char *transa, const char *diag,
            const int *m, const int *n, const double *alpha, const double *a,
            const int *lda, double *b, const int *ldb,
            size_t l1, size_t l2, size_t l3, size_t l4);
void dsyrk_(const char *uplo, const char *trans, const int *n, const int *k,
            const double *alpha, const double *a, const int *lda,
            const double *beta, double *c, const int *ldc, size_t l1, size_t l2);
void dgemm_(const char *transa, const char *transb, const int *m, const int *n,
            const int *k, const double *alpha, const double *a, const int *lda,
            const double *b, const int *ldb, const double *beta, double *c,
            const int *ldc, size_t l1, size_t l2);

#endif
