/* Host triangular kernels that spend their flops in GEMM.  OpenBLAS's
 * TRSM and POTRF on tile-sized operands (256..512) run at 40-50% of its
 * GEMM rate; splitting the triangle in halves until a small leaf leaves
 * only 1/8 or so of the flops to them (same operations as a blocked solve,
 * same rounding behaviour as LAPACK's recursive ?POTRF2).  One source for
 * the four precisions (util/host_blas_body.h): suffix _s, _d, _c, _z. */
#ifndef HETSCAL_UTIL_HOST_BLAS_H
#define HETSCAL_UTIL_HOST_BLAS_H

/* ?TRSM with the same arguments (characters, not Fortran pointers; a real
 * alpha).  ?POTRF of the lower (uplo 'L': L L^H) or upper ('U': U^H U)
 * triangle: returns LAPACK's INFO (0 or the failing minor, 1-based). */
#define HS_HOST_BLAS_DECLARE(sfx, T)                                                   \
    void hs_host_trsm_##sfx(char side, char uplo, char transa, char diag, int m, int n, \
                            double alpha, const T *a, int lda, T *b, int ldb);         \
    int hs_host_potrf_##sfx(char uplo, int n, T *a, int lda)

HS_HOST_BLAS_DECLARE(s, float);
HS_HOST_BLAS_DECLARE(d, double);
HS_HOST_BLAS_DECLARE(c, float _Complex);
HS_HOST_BLAS_DECLARE(z, double _Complex);

#endif
