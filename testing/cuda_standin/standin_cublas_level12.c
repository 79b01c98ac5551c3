/* cuBLAS's level-1 and level-2 routines that a spread LU panel's column
 * runs on a GPU (testing/gpu/spread_column.c): I?amax, ?scal and ?ger
 * (?geru for C and Z), on the host for the four precisions, host pointer
 * mode.  As the level-3 routines (standin_cublas_call.h): cuBLAS's
 * argument rules (CUBLAS_STATUS_INVALID_VALUE), then loud failures for
 * operands outside their allocations, of another device, or overlapping
 * the output.  ?scal and ?ger are queued on the handle's stream; I?amax,
 * whose result goes to host memory, waits for the stream's earlier work
 * and returns with *result written, as cuBLAS does in host pointer mode. */
#include "standin_cublas_call.h"

/* A vector of n elements inc apart (either sign: BLAS then walks it from
 * its far end) as an operand: 1 x n, |inc| apart. */
static standin_blas_operand vector(const char *name, const void *p, int n, int inc)
{
    return (standin_blas_operand){ name, p, n > 0 ? 1 : 0, n > 0 ? n : 0, inc < 0 ? -inc : inc, 0 };
}

static int parts(const standin_precision *p)
{
    return p->complex ? 2 : 1;
}

static cublasStatus_t iamax(const char *name, const standin_precision *p, cublasHandle_t handle,
                            int n, const void *x, int incx, int *result)
{
    if (!result)
        return CUBLAS_STATUS_INVALID_VALUE;
    /* BLAS's answer for no element, or a step that is not positive: 0 */
    int none = n < 1 || incx < 1;
    standin_cublas_call c = { name, handle, p, NULL, { vector("x", x, none ? 0 : n, incx) }, 1 };
    cublasStatus_t st = standin_cublas_begin(&c);
    if (st != CUBLAS_STATUS_SUCCESS)
        return st;
    cudaError_t err = standin_stream_drain(c.stream);
    if (err == cudaSuccess)
        *result = none ? 0 : p->iamax(&n, x, &incx);
    pthread_mutex_unlock(&standin_lock);
    return err == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_EXECUTION_FAILED;
}

static cublasStatus_t scal(const char *name, const standin_precision *p, cublasHandle_t handle,
                           int n, const void *alpha, void *x, int incx)
{
    if (!alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    int none = n < 1 || incx < 1;   /* BLAS does nothing then */
    standin_cublas_call c = { name, handle, p, NULL, { vector("x", x, none ? 0 : n, incx) }, 1 };
    return standin_cublas_submit(&c, (standin_blas){ .op = 'S', .n = none ? 0 : n, .incx = incx,
                                                     .alpha = standin_cublas_scalar(alpha, p->size),
                                                     .c = x });
}

static cublasStatus_t ger(const char *name, const standin_precision *p, cublasHandle_t handle,
                          int m, int n, const void *alpha, const void *x, int incx,
                          const void *y, int incy, void *A, int lda)
{
    if (m < 0 || n < 0 || incx == 0 || incy == 0 || lda < (m > 1 ? m : 1) || !alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    /* BLAS touches nothing when alpha is zero */
    int work = m > 0 && n > 0 && !standin_cublas_is_zero(alpha, p->real_size, parts(p));
    standin_cublas_call c = { name, handle, p, NULL,
                              { vector("x", x, work ? m : 0, incx),
                                vector("y", y, work ? n : 0, incy),
                                { "A", A, work ? m : 0, work ? n : 0, lda, 0 } }, 3 };
    return standin_cublas_submit(&c, (standin_blas){ .op = 'G', .m = work ? m : 0, .n = n,
                                                     .alpha = standin_cublas_scalar(alpha, p->size),
                                                     .a = x, .incx = incx, .b = y, .incy = incy,
                                                     .c = A, .ldc = lda });
}

/* The entry points of precision P (I: I?amax's lower-case letter) with
 * elements of type T; GER: ger or geru. */
#define STANDIN_LEVEL12(P, I, T, GER)                                                          \
    cublasStatus_t cublasI##I##amax_v2(cublasHandle_t handle, int n, const T *x, int incx,    \
                                       int *result)                                           \
    {                                                                                          \
        return iamax("cublasI" #I "amax", &standin_precisions[STANDIN_##P], handle, n, x,     \
                     incx, result);                                                            \
    }                                                                                          \
    cublasStatus_t cublas##P##scal_v2(cublasHandle_t handle, int n, const T *alpha, T *x,     \
                                      int incx)                                               \
    {                                                                                          \
        return scal("cublas" #P "scal", &standin_precisions[STANDIN_##P], handle, n, alpha, x, \
                    incx);                                                                     \
    }                                                                                          \
    cublasStatus_t cublas##P##GER##_v2(cublasHandle_t handle, int m, int n, const T *alpha,   \
                                       const T *x, int incx, const T *y, int incy, T *A,      \
                                       int lda)                                               \
    {                                                                                          \
        return ger("cublas" #P #GER, &standin_precisions[STANDIN_##P], handle, m, n, alpha, x, \
                   incx, y, incy, A, lda);                                                     \
    }

STANDIN_LEVEL12(S, s, float, ger)
STANDIN_LEVEL12(D, d, double, ger)
STANDIN_LEVEL12(C, c, cuComplex, geru)
STANDIN_LEVEL12(Z, z, cuDoubleComplex, geru)
