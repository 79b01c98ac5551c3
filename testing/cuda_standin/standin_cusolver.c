/* cuSOLVER's dense handles and row interchanges (?laswp) on the host
 * (the factorizations: standin_cusolver_factors.c).  A handle is what a
 * cuBLAS handle is (standin_handles.c).  ?laswp is checked as
 * strictly as the level-3 routines: the pivots and the matrix in memory of
 * the handle's device, and, when the call runs, every pivot a row inside
 * the leading dimension and inside the matrix's allocation (the pivots are
 * device data: they are read only then). */
#include <limits.h>

#include "standin.h"

/* cusolverDnCreate, cusolverDnDestroy, cusolverDnSetStream, cusolverDnGetStream */
STANDIN_HANDLE_ENTRY_POINTS(standin_cusolver, cusolverDn, , cusolverDnHandle_t, cusolverStatus_t)

cudaError_t standin_solver_enter(const char *name, cusolverDnHandle_t handle)
{
    return standin_handle_enter(&standin_cusolver, name, handle);
}

void standin_solver_queue(const char *call, cusolverDnHandle_t h, standin_op *op,
                          const standin_operand *operand, int n)
{
    int touched = 0;
    for (int i = 0; i < n; i++) {
        const standin_operand *o = &operand[i];
        if (o->bytes)
            standin_check_device_extent(call, o->what, o->p, o->bytes, h->common.device);
        if (o->touched) {
            if (touched == STANDIN_TOUCHES)
                standin_die("internal error", "%s touches more than %d ranges", call,
                            STANDIN_TOUCHES);
            if (o->touched == STANDIN_READ)
                op->reads_only |= 1u << touched;
            op->touch[touched] = o->p;
            op->touch_len[touched++] = o->bytes;
        }
    }
    op->counted = 1;
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
    standin_op *op = standin_op_new();
    op->run = run_laswp;
    op->u.laswp = (struct standin_laswp){ .prec = p, .device = handle->common.device, .n = n,
                                          .lda = lda, .k1 = k1, .k2 = k2, .a = A,
                                          .ipiv = ipiv };
    /* Rows k1..k2 at least: a pivot never names a row above its own. */
    const standin_operand operand[] = {
        { "A", A, standin_extent(k2, n, lda, p->size), 1 },
        { "devIpiv", ipiv, (size_t)k2 * sizeof(int), STANDIN_READ },
    };
    standin_solver_queue(name, handle, op, operand, 2);
    return CUSOLVER_STATUS_SUCCESS;
}

#define STANDIN_LASWP(P, T)                                                                   \
    cusolverStatus_t cusolverDn##P##laswp(cusolverDnHandle_t handle, int n, T *A, int lda,  \
                                          int k1, int k2, const int *devIpiv, int incx)     \
    {                                                                                         \
        return laswp("cusolverDn" #P "laswp", &standin_precisions[STANDIN_##P], handle, n, A, \
                     lda, k1, k2, devIpiv, incx);                                             \
    }

STANDIN_EACH_PRECISION(STANDIN_LASWP)
