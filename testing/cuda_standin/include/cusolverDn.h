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

/* Rows k1..k2 of the n columns of A interchanged as LAPACK's ?LASWP does
 * (devIpiv in device memory, 1-based rows). */
cusolverStatus_t cusolverDnSlaswp(cusolverDnHandle_t handle, int n, float *A, int lda, int k1,
                                  int k2, const int *devIpiv, int incx);
cusolverStatus_t cusolverDnDlaswp(cusolverDnHandle_t handle, int n, double *A, int lda, int k1,
                                  int k2, const int *devIpiv, int incx);
cusolverStatus_t cusolverDnClaswp(cusolverDnHandle_t handle, int n, cuComplex *A, int lda,
                                  int k1, int k2, const int *devIpiv, int incx);
cusolverStatus_t cusolverDnZlaswp(cusolverDnHandle_t handle, int n, cuDoubleComplex *A,
                                  int lda, int k1, int k2, const int *devIpiv, int incx);

/* The Cholesky factor of A's uplo triangle (A = L L^H or U^H U) in
 * place; Workspace (device memory) of at least the Lwork values that
 * ?potrf_bufferSize gives; *devInfo (device memory) is 0, or i when the
 * leading minor of order i is not positive definite. */
cusolverStatus_t cusolverDnSpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
                                             int n, float *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnDpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
                                             int n, double *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnCpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
                                             int n, cuComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnZpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
                                             int n, cuDoubleComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnSpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                  float *A, int lda, float *Workspace, int Lwork, int *devInfo);
cusolverStatus_t cusolverDnDpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                  double *A, int lda, double *Workspace, int Lwork,
                                  int *devInfo);
cusolverStatus_t cusolverDnCpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                  cuComplex *A, int lda, cuComplex *Workspace, int Lwork,
                                  int *devInfo);
cusolverStatus_t cusolverDnZpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                  cuDoubleComplex *A, int lda, cuDoubleComplex *Workspace,
                                  int Lwork, int *devInfo);

/* The LU factor of the m x n matrix A with partial pivoting (LAPACK's
 * ?GETRF) in place; Workspace (device memory) of the values
 * ?getrf_bufferSize gives; devIpiv (device memory) gets the min(m, n)
 * pivots, *devInfo 0 or i when U(i, i) is exactly zero. */
cusolverStatus_t cusolverDnSgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, float *A,
                                             int lda, int *Lwork);
cusolverStatus_t cusolverDnDgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, double *A,
                                             int lda, int *Lwork);
cusolverStatus_t cusolverDnCgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n,
                                             cuComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnZgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n,
                                             cuDoubleComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnSgetrf(cusolverDnHandle_t handle, int m, int n, float *A, int lda,
                                  float *Workspace, int *devIpiv, int *devInfo);
cusolverStatus_t cusolverDnDgetrf(cusolverDnHandle_t handle, int m, int n, double *A, int lda,
                                  double *Workspace, int *devIpiv, int *devInfo);
cusolverStatus_t cusolverDnCgetrf(cusolverDnHandle_t handle, int m, int n, cuComplex *A, int lda,
                                  cuComplex *Workspace, int *devIpiv, int *devInfo);
cusolverStatus_t cusolverDnZgetrf(cusolverDnHandle_t handle, int m, int n, cuDoubleComplex *A,
                                  int lda, cuDoubleComplex *Workspace, int *devIpiv,
                                  int *devInfo);

/* The QR factor of the m x n matrix A (LAPACK's ?GEQRF) in place: R on
 * and above the diagonal, the reflectors below it, their min(m, n)
 * scalars in TAU (device memory); Workspace (device memory) of at least
 * the Lwork values ?geqrf_bufferSize gives; *devInfo 0, or -i when the
 * i-th argument is illegal. */
cusolverStatus_t cusolverDnSgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, float *A,
                                             int lda, int *Lwork);
cusolverStatus_t cusolverDnDgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, double *A,
                                             int lda, int *Lwork);
cusolverStatus_t cusolverDnCgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n,
                                             cuComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnZgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n,
                                             cuDoubleComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnSgeqrf(cusolverDnHandle_t handle, int m, int n, float *A, int lda,
                                  float *TAU, float *Workspace, int Lwork, int *devInfo);
cusolverStatus_t cusolverDnDgeqrf(cusolverDnHandle_t handle, int m, int n, double *A, int lda,
                                  double *TAU, double *Workspace, int Lwork, int *devInfo);
cusolverStatus_t cusolverDnCgeqrf(cusolverDnHandle_t handle, int m, int n, cuComplex *A,
                                  int lda, cuComplex *TAU, cuComplex *Workspace, int Lwork,
                                  int *devInfo);
cusolverStatus_t cusolverDnZgeqrf(cusolverDnHandle_t handle, int m, int n, cuDoubleComplex *A,
                                  int lda, cuDoubleComplex *TAU, cuDoubleComplex *Workspace,
                                  int Lwork, int *devInfo);

/* C = op(Q) C (side left) or C op(Q) (side right), Q the product of the
 * k reflectors that ?geqrf left in A with their scalars in tau (LAPACK's
 * ?ORMQR for S and D, op N or T; ?UNMQR for C and Z, op N or C); work
 * (device memory) of at least the lwork values ?X_bufferSize gives. */
cusolverStatus_t cusolverDnSormqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side,
                                             cublasOperation_t trans, int m, int n, int k,
                                             const float *A, int lda, const float *tau,
                                             const float *C, int ldc, int *lwork);
cusolverStatus_t cusolverDnDormqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side,
                                             cublasOperation_t trans, int m, int n, int k,
                                             const double *A, int lda, const double *tau,
                                             const double *C, int ldc, int *lwork);
cusolverStatus_t cusolverDnCunmqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side,
                                             cublasOperation_t trans, int m, int n, int k,
                                             const cuComplex *A, int lda, const cuComplex *tau,
                                             const cuComplex *C, int ldc, int *lwork);
cusolverStatus_t cusolverDnZunmqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side,
                                             cublasOperation_t trans, int m, int n, int k,
                                             const cuDoubleComplex *A, int lda,
                                             const cuDoubleComplex *tau,
                                             const cuDoubleComplex *C, int ldc, int *lwork);
cusolverStatus_t cusolverDnSormqr(cusolverDnHandle_t handle, cublasSideMode_t side,
                                  cublasOperation_t trans, int m, int n, int k, const float *A,
                                  int lda, const float *tau, float *C, int ldc, float *work,
                                  int lwork, int *devInfo);
cusolverStatus_t cusolverDnDormqr(cusolverDnHandle_t handle, cublasSideMode_t side,
                                  cublasOperation_t trans, int m, int n, int k, const double *A,
                                  int lda, const double *tau, double *C, int ldc, double *work,
                                  int lwork, int *devInfo);
cusolverStatus_t cusolverDnCunmqr(cusolverDnHandle_t handle, cublasSideMode_t side,
                                  cublasOperation_t trans, int m, int n, int k,
                                  const cuComplex *A, int lda, const cuComplex *tau,
                                  cuComplex *C, int ldc, cuComplex *work, int lwork,
                                  int *devInfo);
cusolverStatus_t cusolverDnZunmqr(cusolverDnHandle_t handle, cublasSideMode_t side,
                                  cublasOperation_t trans, int m, int n, int k,
                                  const cuDoubleComplex *A, int lda, const cuDoubleComplex *tau,
                                  cuDoubleComplex *C, int ldc, cuDoubleComplex *work, int lwork,
                                  int *devInfo);

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
