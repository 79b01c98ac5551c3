/* cuSOLVER's dense handles and row interchanges (?laswp) on the host
 * (the factorizations: standin_cusolver_factors.c).  A handle is what a
 * cuBLAS handle is (standin_handles.c).  ?laswp is checked as
 * strictly as the level-3 routines: the pivots and the matrix in memory of
 * the handle's device, and, when the call runs, every pivot a row inside
 * the leading dimension and inside the matrix's allocation (the pivots are
 * device data: they are read only then). */
#include <limits.h>

#include "standin.h"

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle)
{
    standin_handle *h = NULL;
    int st = standin_handle_create(&standin_cusolver, "cusolverDnCreate", handle != NULL, &h);
    if (st == CUSOLVER_STATUS_SUCCESS)
        *handle = (cusolverDnHandle_t)h;
    return (cusolverStatus_t)st;
}

cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle)
{
    return (cusolverStatus_t)standin_handle_destroy(&standin_cusolver, "cusolverDnDestroy",
                                                    handle);
}

cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId)
{
    return (cusolverStatus_t)standin_handle_set_stream(&standin_cusolver, "cusolverDnSetStream",
                                                       handle, streamId);
}

cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *streamId)
{
    return (cusolverStatus_t)standin_handle_get_stream(&standin_cusolver, "cusolverDnGetStream",
                                                       handle, streamId);
}

cudaError_t standin_solver_enter(const char *name, cusolverDnHandle_t handle)
{
    return standin_handle_enter(&standin_cusolver, name, handle);
}

void standin_solver_queue(cusolverDnHandle_t h, standin_op *op, const void *t0, size_t l0,
                          const void *t1, size_t l1, const void *t2, size_t l2)
{
    op->counted = 1;
    op->touch[0] = t0;
    op->touch_len[0] = l0;
    op->touch[1] = t1;
    op->touch_len[1] = l1;
    op->touch[2] = t2;
    op->touch_len[2] = l2;
    standin_enqueue(h->common.stream, op);
    pthread_mutex_unlock(&standin_lock);
}

/* The queued interchanges, on the stream's thread: the rows the pivots
 * name must lie in the matrix, then the host ?laswp runs. */
static void run_laswp(standin_op *op)
{
    const int one = 1;
    int lowest = INT_MAX, highest = 0, n = op->u.laswp.n, lda = op->u.laswp.lda;
    for (int i = op->u.laswp.k1; i <= op->u.laswp.k2; i++) {
        int p = op->u.laswp.ipiv[i - 1];
        lowest = p < lowest ? p : lowest;
        highest = p > highest ? p : highest;
    }
    if (lowest < 1 || highest > lda)
        standin_die("pivot outside the matrix", "cusolverDn?laswp: pivots %d..%d, lda %d",
                    lowest, highest, lda);
    pthread_mutex_lock(&standin_lock);
    standin_check_device_extent("cusolverDn?laswp", "A (the rows the pivots name)",
                                op->u.laswp.a,
                                ((size_t)(n - 1) * (size_t)lda + (size_t)highest) *
                                    op->u.laswp.prec->size,
                                op->u.laswp.device);
    pthread_mutex_unlock(&standin_lock);
    op->u.laswp.prec->laswp(&n, op->u.laswp.a, &lda, &op->u.laswp.k1, &op->u.laswp.k2,
                            op->u.laswp.ipiv, &one);
}

static cusolverStatus_t laswp(const char *name, const standin_precision *p,
                              cusolverDnHandle_t handle, int n, void *A, int lda, int k1, int k2,
                              const int *ipiv, int incx)
{
    if (n < 0 || lda < 1 || k1 < 1 || k2 < k1 || lda < k2)
        return CUSOLVER_STATUS_INVALID_VALUE;
    if (n == 0)
        return CUSOLVER_STATUS_SUCCESS;   /* no column: nothing to touch */
    if (incx != 1)
        standin_die("only incx = 1 is supported by the stand-in", "%s with incx %d", name,
                    incx);
    if (standin_solver_enter(name, handle) != cudaSuccess)
        return CUSOLVER_STATUS_EXECUTION_FAILED;
    /* Rows k1..k2 at least: a pivot never names a row above its own. */
    size_t bytes = n > 0 ? ((size_t)(n - 1) * (size_t)lda + (size_t)k2) * p->size : 0;
    if (bytes)
        standin_check_device_extent(name, "A", A, bytes, handle->common.device);
    standin_check_device_extent(name, "devIpiv", ipiv, (size_t)k2 * sizeof(int),
                                handle->common.device);
    standin_op *op = standin_op_new();
    op->run = run_laswp;
    op->u.laswp.prec = p;
    op->u.laswp.device = handle->common.device;
    op->u.laswp.n = n;
    op->u.laswp.lda = lda;
    op->u.laswp.k1 = k1;
    op->u.laswp.k2 = k2;
    op->u.laswp.a = A;
    op->u.laswp.ipiv = ipiv;
    standin_solver_queue(handle, op, A, bytes, ipiv, (size_t)k2 * sizeof(int), NULL, 0);
    return CUSOLVER_STATUS_SUCCESS;
}

#define STANDIN_LASWP(P, T)                                                                   \
    cusolverStatus_t cusolverDn##P##laswp(cusolverDnHandle_t handle, int n, T *A, int lda,  \
                                          int k1, int k2, const int *devIpiv, int incx)     \
    {                                                                                         \
        return laswp("cusolverDn" #P "laswp", &standin_precisions[STANDIN_##P], handle, n, A, \
                     lda, k1, k2, devIpiv, incx);                                             \
    }

STANDIN_LASWP(S, float)
STANDIN_LASWP(D, double)
STANDIN_LASWP(C, cuComplex)
STANDIN_LASWP(Z, cuDoubleComplex)
