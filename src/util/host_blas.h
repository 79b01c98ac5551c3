/* Host triangular kernels that spend their flops in DGEMM.  OpenBLAS's
 * DTRSM and DPOTRF on tile-sized operands (256..512) run at 40-50% of its
 * DGEMM rate; splitting the triangle in halves until a small leaf leaves
 * only 1/8 or so of the flops to them (same operations as a blocked solve,
 * same rounding behaviour as LAPACK's recursive DPOTRF2). */
#ifndef HETSCAL_UTIL_HOST_BLAS_H
#define HETSCAL_UTIL_HOST_BLAS_H

/* DTRSM with the same arguments (characters, not Fortran pointers). */
void hs_host_dtrsm(char side, char uplo, char transa, char diag, int m, int n,
                   double alpha, const double *a, int lda, double *b, int ldb);

/* DPOTRF of the lower triangle: returns LAPACK's INFO (0 or the failing
 * minor, 1-based). */
int hs_host_dpotrf_lower(int n, double *a, int lda);

#endif
