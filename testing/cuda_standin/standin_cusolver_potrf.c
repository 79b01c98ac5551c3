/* cuSOLVER's Cholesky factor (?potrf and its workspace query) on the host,
 * as strictly as the rest of the stand-in: the matrix, the workspace and
 * devInfo must lie in memory of the handle's device, the workspace must be
 * at least what ?potrf_bufferSize said, and devInfo, like the factor, is
 * written only when the call runs on its stream (a host that reads it
 * before then reads what was there before). */
#include <string.h>

#include "standin.h"

/* The workspace ?potrf_bufferSize asks for, in values: a function of n
 * alone, as cuSOLVER's is for a given GPU, and never zero, so that a
 * caller that ignores it is caught. */
static int potrf_lwork(int n)
{
    return 64 * (n > 0 ? n : 1);
}

static int bad_uplo(cublasFillMode_t uplo)
{
    return uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER;
}

static cusolverStatus_t buffer_size(const char *name, cusolverDnHandle_t handle,
                                    cublasFillMode_t uplo, int n, int lda, int *lwork)
{
    if (standin_enter(name) != cudaSuccess)
        return CUSOLVER_STATUS_EXECUTION_FAILED;
    pthread_mutex_lock(&standin_lock);
    if (!standin_set_has(&standin_solvers, handle))
        standin_die("unknown or destroyed cuSOLVER handle", "%s on handle %p", name,
                    (void *)handle);
    pthread_mutex_unlock(&standin_lock);
    if (!lwork || bad_uplo(uplo) || n < 0 || lda < (n > 1 ? n : 1))
        return CUSOLVER_STATUS_INVALID_VALUE;
    *lwork = potrf_lwork(n);
    return CUSOLVER_STATUS_SUCCESS;
}

/* On the stream's thread: LAPACK's ?potrf, its INFO to devInfo. */
static void run_potrf(standin_op *op)
{
    int n = op->u.potrf.n, lda = op->u.potrf.lda, info = 0;
    char uplo = op->u.potrf.uplo;
    op->u.potrf.prec->potrf(&uplo, &n, op->u.potrf.a, &lda, &info, 1);
    memcpy(op->u.potrf.info, &info, sizeof info);
}

static cusolverStatus_t potrf(const char *name, const standin_precision *p,
                              cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, void *A,
                              int lda, void *work, int lwork, int *dev_info)
{
    if (bad_uplo(uplo) || n < 0 || lda < (n > 1 ? n : 1))
        return CUSOLVER_STATUS_INVALID_VALUE;
    if (lwork < potrf_lwork(n))
        standin_die("workspace smaller than ?potrf_bufferSize asked for",
                    "%s: Lwork %d, needs %d for n = %d", name, lwork, potrf_lwork(n), n);
    if (standin_solver_enter(name, handle) != cudaSuccess)
        return CUSOLVER_STATUS_EXECUTION_FAILED;
    size_t bytes = n > 0 ? ((size_t)(n - 1) * (size_t)lda + (size_t)n) * p->size : 0;
    if (bytes)
        standin_check_device_extent(name, "A", A, bytes, handle->device);
    standin_check_device_extent(name, "Workspace", work, (size_t)lwork * p->size,
                                handle->device);
    standin_check_device_extent(name, "devInfo", dev_info, sizeof(int), handle->device);
    standin_op *op = standin_op_new();
    op->run = run_potrf;
    op->counted = 1;
    op->u.potrf.prec = p;
    op->u.potrf.device = handle->device;
    op->u.potrf.n = n;
    op->u.potrf.lda = lda;
    op->u.potrf.uplo = uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U';
    op->u.potrf.a = A;
    op->u.potrf.info = dev_info;
    op->touch[0] = (const char *)A;
    op->touch_len[0] = bytes;
    op->touch[1] = (const char *)work;
    op->touch_len[1] = (size_t)lwork * p->size;
    op->touch[2] = (const char *)dev_info;
    op->touch_len[2] = sizeof(int);
    standin_enqueue(handle->stream, op);
    pthread_mutex_unlock(&standin_lock);
    return CUSOLVER_STATUS_SUCCESS;
}

#define STANDIN_POTRF(P, T)                                                                    \
    cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t handle,               \
                                                     cublasFillMode_t uplo, int n, T *A,      \
                                                     int lda, int *Lwork)                     \
    {                                                                                          \
        (void)A;                                                                               \
        return buffer_size("cusolverDn" #P "potrf_bufferSize", handle, uplo, n, lda, Lwork); \
    }                                                                                          \
    cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t handle, cublasFillMode_t uplo,  \
                                          int n, T *A, int lda, T *Workspace, int Lwork,      \
                                          int *devInfo)                                        \
    {                                                                                          \
        return potrf("cusolverDn" #P "potrf", &standin_precisions[STANDIN_##P], handle, uplo, \
                     n, A, lda, Workspace, Lwork, devInfo);                                    \
    }

STANDIN_POTRF(S, float)
STANDIN_POTRF(D, double)
STANDIN_POTRF(C, cuComplex)
STANDIN_POTRF(Z, cuDoubleComplex)
