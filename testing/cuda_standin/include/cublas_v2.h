/* The cuBLAS (v2) API as far as hetscal's CUDA backend uses it, for the
 * host stand-in (testing/cuda_standin): handles, the level-3 routines in
 * the four precisions S, D, C, Z, and the level-1 and -2 routines of a
 * spread LU panel's column (I?amax, ?scal, ?ger / ?geru; measured by
 * testing/gpu/spread_column.c).  As in the toolkit, the short names are
 * macros for the _v2 symbols that libcublas exports. */
#ifndef CUDA_STANDIN_CUBLAS_V2_H
#define CUDA_STANDIN_CUBLAS_V2_H

#include "cuComplex.h"
#include "cuda_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CUBLAS_STATUS_SUCCESS = 0,
    CUBLAS_STATUS_NOT_INITIALIZED = 1,
    CUBLAS_STATUS_ALLOC_FAILED = 3,
    CUBLAS_STATUS_INVALID_VALUE = 7,
    CUBLAS_STATUS_ARCH_MISMATCH = 8,
    CUBLAS_STATUS_MAPPING_ERROR = 11,
    CUBLAS_STATUS_EXECUTION_FAILED = 13,
    CUBLAS_STATUS_INTERNAL_ERROR = 14,
    CUBLAS_STATUS_NOT_SUPPORTED = 15,
    CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;

typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1,
               CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2 } cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0,
               CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;

typedef struct cublasContext *cublasHandle_t;   /* opaque */

#define cublasCreate cublasCreate_v2
#define cublasDestroy cublasDestroy_v2
#define cublasSetStream cublasSetStream_v2
#define cublasGetStream cublasGetStream_v2
#define cublasSetPointerMode cublasSetPointerMode_v2
#define cublasSgemm cublasSgemm_v2
#define cublasDgemm cublasDgemm_v2
#define cublasCgemm cublasCgemm_v2
#define cublasZgemm cublasZgemm_v2
#define cublasSsyrk cublasSsyrk_v2
#define cublasDsyrk cublasDsyrk_v2
#define cublasCsyrk cublasCsyrk_v2
#define cublasZsyrk cublasZsyrk_v2
#define cublasCherk cublasCherk_v2
#define cublasZherk cublasZherk_v2
#define cublasStrsm cublasStrsm_v2
#define cublasDtrsm cublasDtrsm_v2
#define cublasCtrsm cublasCtrsm_v2
#define cublasZtrsm cublasZtrsm_v2
#define cublasStrmm cublasStrmm_v2
#define cublasDtrmm cublasDtrmm_v2
#define cublasCtrmm cublasCtrmm_v2
#define cublasZtrmm cublasZtrmm_v2
#define cublasIsamax cublasIsamax_v2
#define cublasIdamax cublasIdamax_v2
#define cublasIcamax cublasIcamax_v2
#define cublasIzamax cublasIzamax_v2
#define cublasSscal cublasSscal_v2
#define cublasDscal cublasDscal_v2
#define cublasCscal cublasCscal_v2
#define cublasZscal cublasZscal_v2
#define cublasSger cublasSger_v2
#define cublasDger cublasDger_v2
#define cublasCgeru cublasCgeru_v2
#define cublasZgeru cublasZgeru_v2

cublasStatus_t cublasCreate_v2(cublasHandle_t *handle);
cublasStatus_t cublasGetProperty(libraryPropertyType type, int *value);
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle);
cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId);
cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t *streamId);
cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode);
const char *cublasGetStatusString(cublasStatus_t status);

/* The level-3 routines, declared once for the four precisions P (S, D, C,
 * Z) of element type T.  Operations: CUBLAS_OP_C is the conjugate
 * transpose, the transpose for S and D.  ?syrk: N or T (S and D: also C);
 * ?herk (C and Z only): N or C, alpha and beta real.  ?trmm is out of
 * place: C = alpha op(A) B (left) or alpha B op(A) (right); C == B is the
 * in-place BLAS form. */
#define CUDA_STANDIN_LEVEL3(P, T)                                                            \
    cublasStatus_t cublas##P##gemm_v2(cublasHandle_t handle, cublasOperation_t transa,      \
                                      cublasOperation_t transb, int m, int n, int k,        \
                                      const T *alpha, const T *A, int lda, const T *B,      \
                                      int ldb, const T *beta, T *C, int ldc);               \
    cublasStatus_t cublas##P##syrk_v2(cublasHandle_t handle, cublasFillMode_t uplo,         \
                                      cublasOperation_t trans, int n, int k, const T *alpha, \
                                      const T *A, int lda, const T *beta, T *C, int ldc);   \
    cublasStatus_t cublas##P##trsm_v2(cublasHandle_t handle, cublasSideMode_t side,         \
                                      cublasFillMode_t uplo, cublasOperation_t trans,       \
                                      cublasDiagType_t diag, int m, int n, const T *alpha,  \
                                      const T *A, int lda, T *B, int ldb);                  \
    cublasStatus_t cublas##P##trmm_v2(cublasHandle_t handle, cublasSideMode_t side,         \
                                      cublasFillMode_t uplo, cublasOperation_t trans,       \
                                      cublasDiagType_t diag, int m, int n, const T *alpha,  \
                                      const T *A, int lda, const T *B, int ldb, T *C,       \
                                      int ldc);
CUDA_STANDIN_LEVEL3(S, float)
CUDA_STANDIN_LEVEL3(D, double)
CUDA_STANDIN_LEVEL3(C, cuComplex)
CUDA_STANDIN_LEVEL3(Z, cuDoubleComplex)
#undef CUDA_STANDIN_LEVEL3
cublasStatus_t cublasCherk_v2(cublasHandle_t handle, cublasFillMode_t uplo,
                              cublasOperation_t trans, int n, int k, const float *alpha,
                              const cuComplex *A, int lda, const float *beta, cuComplex *C,
                              int ldc);
cublasStatus_t cublasZherk_v2(cublasHandle_t handle, cublasFillMode_t uplo,
                              cublasOperation_t trans, int n, int k, const double *alpha,
                              const cuDoubleComplex *A, int lda, const double *beta,
                              cuDoubleComplex *C, int ldc);

/* The level-1 and -2 routines of precision P (S, D, C, Z; I the lower-case
 * letter of I?amax) with elements of type T; GER is ger (S, D) or geru
 * (C, Z).  Host pointer mode: I?amax returns once *result is written. */
#define CUDA_STANDIN_LEVEL12(P, I, T, GER)                                                   \
    cublasStatus_t cublasI##I##amax_v2(cublasHandle_t handle, int n, const T *x, int incx,   \
                                       int *result);                                         \
    cublasStatus_t cublas##P##scal_v2(cublasHandle_t handle, int n, const T *alpha, T *x,    \
                                      int incx);                                             \
    cublasStatus_t cublas##P##GER##_v2(cublasHandle_t handle, int m, int n, const T *alpha,  \
                                       const T *x, int incx, const T *y, int incy, T *A,     \
                                       int lda);
CUDA_STANDIN_LEVEL12(S, s, float, ger)
CUDA_STANDIN_LEVEL12(D, d, double, ger)
CUDA_STANDIN_LEVEL12(C, c, cuComplex, geru)
CUDA_STANDIN_LEVEL12(Z, z, cuDoubleComplex, geru)
#undef CUDA_STANDIN_LEVEL12

/* Batched GEMMs: the pointer arrays are device memory (S and D, what the
 * backend calls). */
cublasStatus_t cublasSgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                  cublasOperation_t transb, int m, int n, int k,
                                  const float *alpha, const float *const Aarray[], int lda,
                                  const float *const Barray[], int ldb, const float *beta,
                                  float *const Carray[], int ldc, int batchCount);
cublasStatus_t cublasDgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                  cublasOperation_t transb, int m, int n, int k,
                                  const double *alpha, const double *const Aarray[], int lda,
                                  const double *const Barray[], int ldb, const double *beta,
                                  double *const Carray[], int ldc, int batchCount);

#ifdef __cplusplus
}
#endif

#endif
