/* cuSOLVER's dense API as far as hetscal's CUDA backend uses it, for the
 * host stand-in (testing/cuda_standin): handles, the row interchanges
 * ?laswp and the Cholesky and LU factors ?potrf, ?getrf in the four
 * precisions S, D, C, Z. */
#ifndef CUDA_STANDIN_CUSOLVERDN_H
#define CUDA_STANDIN_CUSOLVERDN_H

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

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId);
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *streamId);

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

#ifdef __cplusplus
}
#endif

#endif
