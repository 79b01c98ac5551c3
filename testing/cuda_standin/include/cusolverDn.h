/* cuSOLVER's dense API as far as hetscal's CUDA backend uses it, for the
 * host stand-in (testing/cuda_standin): handles, the row interchanges
 * ?laswp, the Cholesky and LU factors ?potrf, ?getrf, the QR factor
 * ?geqrf and its Q applied (?ormqr, ?unmqr) in the four
 * precisions S, D, C, Z; the 64-bit API's parameters and the block
 * reflector's triangular factor Xlarft. */
#ifndef CUDA_STANDIN_CUSOLVERDN_H
#define CUDA_STANDIN_CUSOLVERDN_H

#include <stdint.h>

#include "cuComplex.h"
#include "cublas_v2.h"
#include "cuda_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CUSOLVER_STATUS_SUCCESS = 0,
    CUSOLVER_STATUS_NOT_INITIALIZED = 1,
    CUSOLVER_STATUS_ALLOC_FAILED = 2,
    CUSOLVER_STATUS_INVALID_VALUE = 3,
    CUSOLVER_STATUS_ARCH_MISMATCH = 4,
    CUSOLVER_STATUS_MAPPING_ERROR = 5,
    CUSOLVER_STATUS_EXECUTION_FAILED = 6,
    CUSOLVER_STATUS_INTERNAL_ERROR = 7
} cusolverStatus_t;

struct cusolverDnContext;
typedef struct cusolverDnContext *cusolverDnHandle_t;   /* opaque */
struct cusolverDnParams;
typedef struct cusolverDnParams *cusolverDnParams_t;    /* opaque */

/* How a block reflector's vectors are stored (cusolver_common.h). */
typedef enum {
    CUBLAS_STOREV_COLUMNWISE = 0,
    CUBLAS_STOREV_ROWWISE = 1
} cusolverStorevMode_t;

typedef enum {
    CUBLAS_DIRECT_FORWARD = 0,
    CUBLAS_DIRECT_BACKWARD = 1
} cusolverDirectMode_t;

cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int *value);
cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId);
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *streamId);

/* The options object of the 64-bit API (the X functions): created before
 * use, not used once destroyed. */
cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t *params);
cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params);

/* The routines of the four precisions P (S, D, C, Z), of element type T,
 * each group declared once (CUDA_STANDIN_DN_PRECISION below). */

/* Rows k1..k2 of the n columns of A interchanged as LAPACK's ?LASWP does
 * (devIpiv in device memory, 1-based rows). */
#define CUDA_STANDIN_DN_LASWP(P, T)                                                          \
    cusolverStatus_t cusolverDn##P##laswp(cusolverDnHandle_t handle, int n, T *A, int lda,  \
                                          int k1, int k2, const int *devIpiv, int incx);

/* The Cholesky factor of A's uplo triangle (A = L L^H or U^H U) in
 * place; Workspace (device memory) of at least the Lwork values that
 * ?potrf_bufferSize gives; *devInfo (device memory) is 0, or i when the
 * leading minor of order i is not positive definite. */
#define CUDA_STANDIN_DN_POTRF(P, T)                                                          \
    cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t handle,             \
                                                     cublasFillMode_t uplo, int n, T *A,    \
                                                     int lda, int *Lwork);                  \
    cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, \
                                          int n, T *A, int lda, T *Workspace, int Lwork,    \
                                          int *devInfo);

/* The LU factor of the m x n matrix A with partial pivoting (LAPACK's
 * ?GETRF) in place; Workspace (device memory) of the values
 * ?getrf_bufferSize gives; devIpiv (device memory) gets the min(m, n)
 * pivots, *devInfo 0 or i when U(i, i) is exactly zero. */
#define CUDA_STANDIN_DN_GETRF(P, T)                                                          \
    cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t handle, int m,      \
                                                     int n, T *A, int lda, int *Lwork);     \
    cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t handle, int m, int n, T *A,    \
                                          int lda, T *Workspace, int *devIpiv,              \
                                          int *devInfo);

/* The QR factor of the m x n matrix A (LAPACK's ?GEQRF) in place: R on
 * and above the diagonal, the reflectors below it, their min(m, n)
 * scalars in TAU (device memory); Workspace (device memory) of at least
 * the Lwork values ?geqrf_bufferSize gives; *devInfo 0, or -i when the
 * i-th argument is illegal. */
#define CUDA_STANDIN_DN_GEQRF(P, T)                                                          \
    cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t handle, int m,      \
                                                     int n, T *A, int lda, int *Lwork);     \
    cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t handle, int m, int n, T *A,    \
                                          int lda, T *TAU, T *Workspace, int Lwork,         \
                                          int *devInfo);

/* C = op(Q) C (side left) or C op(Q) (side right), Q the product of the
 * k reflectors that ?geqrf left in A with their scalars in tau (LAPACK's
 * ?ORMQR for S and D, op N or T; ?UNMQR for C and Z, op N or C: MQR is
 * ormqr or unmqr); work (device memory) of at least the lwork values
 * ?X_bufferSize gives. */
#define CUDA_STANDIN_DN_MQR(P, T, MQR)                                                       \
    cusolverStatus_t cusolverDn##P##MQR##_bufferSize(                                        \
        cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m,    \
        int n, int k, const T *A, int lda, const T *tau, const T *C, int ldc, int *lwork);   \
    cusolverStatus_t cusolverDn##P##MQR(cusolverDnHandle_t handle, cublasSideMode_t side,   \
                                        cublasOperation_t trans, int m, int n, int k,       \
                                        const T *A, int lda, const T *tau, T *C, int ldc,   \
                                        T *work, int lwork, int *devInfo);

#define CUDA_STANDIN_DN_PRECISION(P, T, MQR)                                                 \
    CUDA_STANDIN_DN_LASWP(P, T)                                                              \
    CUDA_STANDIN_DN_POTRF(P, T)                                                              \
    CUDA_STANDIN_DN_GETRF(P, T)                                                              \
    CUDA_STANDIN_DN_GEQRF(P, T)                                                              \
    CUDA_STANDIN_DN_MQR(P, T, MQR)
CUDA_STANDIN_DN_PRECISION(S, float, ormqr)
CUDA_STANDIN_DN_PRECISION(D, double, ormqr)
CUDA_STANDIN_DN_PRECISION(C, cuComplex, unmqr)
CUDA_STANDIN_DN_PRECISION(Z, cuDoubleComplex, unmqr)
#undef CUDA_STANDIN_DN_PRECISION
#undef CUDA_STANDIN_DN_MQR
#undef CUDA_STANDIN_DN_GEQRF
#undef CUDA_STANDIN_DN_GETRF
#undef CUDA_STANDIN_DN_POTRF
#undef CUDA_STANDIN_DN_LASWP

/* T, the k x k upper triangular factor of the block reflector
 * H(1) ... H(k) = I - V T V^H of the k reflectors in the n x k matrix V
 * (LAPACK's ?LARFT; cuSOLVER supports forward direction and columnwise
 * storage only, n >= k); V, tau and T in device memory, the data types
 * all one of the four precisions; workspaces of at least the bytes
 * cusolverDnXlarft_bufferSize gives. */
cusolverStatus_t cusolverDnXlarft_bufferSize(cusolverDnHandle_t handle,
                                             cusolverDnParams_t params,
                                             cusolverDirectMode_t direct,
                                             cusolverStorevMode_t storev, int64_t n, int64_t k,
                                             cudaDataType dataTypeV, const void *V, int64_t ldv,
                                             cudaDataType dataTypeTau, const void *tau,
                                             cudaDataType dataTypeT, void *T, int64_t ldt,
                                             cudaDataType computeType,
                                             size_t *workspaceInBytesOnDevice,
                                             size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXlarft(cusolverDnHandle_t handle, cusolverDnParams_t params,
                                  cusolverDirectMode_t direct, cusolverStorevMode_t storev,
                                  int64_t n, int64_t k, cudaDataType dataTypeV, const void *V,
                                  int64_t ldv, cudaDataType dataTypeTau, const void *tau,
                                  cudaDataType dataTypeT, void *T, int64_t ldt,
                                  cudaDataType computeType, void *bufferOnDevice,
                                  size_t workspaceInBytesOnDevice, void *bufferOnHost,
                                  size_t workspaceInBytesOnHost);

#ifdef __cplusplus
}
#endif

#endif
