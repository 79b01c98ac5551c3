/* cuSOLVER's QR factor and its Q applied (?geqrf, ?ormqr for S and D,
 * ?unmqr for C and Z, and their workspace queries) on the host, as
 * strictly as the other factorizations (standin_cusolver_factors.c): every
 * operand in memory of the handle's device, the workspace at least what
 * ?X_bufferSize said, and the results written only when the call runs on
 * its stream. */
#include <stdlib.h>
#include <string.h>

#include "standin.h"

/* LAPACK on the stream's thread, with a host workspace of its own (the
 * device workspace was only checked); devInfo 0 or LAPACK's INFO. */
static void *host_workspace(const char *name, size_t values, size_t size)
{
    void *w = malloc((values > 0 ? values : 1) * size);
    if (!w)
        standin_die("out of host memory", "%s: LAPACK workspace of %zu values", name, values);
    return w;
}

static void run_geqrf(standin_op *op)
{
    const standin_precision *p = op->u.qr.prec;
    int m = op->u.qr.m, n = op->u.qr.n, lda = op->u.qr.lda, lwork = 64 * (n > 0 ? n : 1);
    int info = 0;
    void *work = host_workspace("cusolverDn?geqrf", (size_t)lwork, p->size);
    p->geqrf(&m, &n, op->u.qr.a, &lda, op->u.qr.tau, work, &lwork, &info);
    free(work);
    *op->u.qr.info = info;
}

/* On a copy of the reflectors: cuSOLVER only reads A (const), where
 * LAPACK's ?unm2r sets each diagonal entry to one and back, which a read
 * beside the call (an MPI send of the tile: standin_mpi.c) could see. */
static void run_unmqr(standin_op *op)
{
    const standin_precision *p = op->u.qr.prec;
    int m = op->u.qr.m, n = op->u.qr.n, k = op->u.qr.k, lda = op->u.qr.lda, ldc = op->u.qr.ldc;
    int cols = op->u.qr.side == 'L' ? n : m, lwork = 64 * (cols > 0 ? cols : 1), info = 0;
    char side = op->u.qr.side, trans = op->u.qr.trans;
    size_t a_bytes = standin_extent(op->u.qr.side == 'L' ? m : n, k, lda, p->size);
    void *work = host_workspace("cusolverDn?ormqr", (size_t)lwork, p->size);
    void *a = host_workspace("cusolverDn?ormqr", a_bytes / p->size + 1, p->size);
    memcpy(a, op->u.qr.a, a_bytes);
    p->unmqr(&side, &trans, &m, &n, &k, a, &lda, op->u.qr.tau, op->u.qr.c, &ldc, work, &lwork,
             &info, 1, 1);
    free(a);
    free(work);
    *op->u.qr.info = info;
}

static cusolverStatus_t geqrf(const char *name, const standin_precision *p,
                              cusolverDnHandle_t handle, int m, int n, void *A, int lda,
                              void *tau, void *work, int lwork, int *dev_info)
{
    if (standin_bad_matrix(m, n, lda))
        return CUSOLVER_STATUS_INVALID_VALUE;
    standin_op *op = standin_solver_begin(name, handle, lwork, m, n, run_geqrf);
    if (!op)
        return CUSOLVER_STATUS_EXECUTION_FAILED;
    op->u.qr = (struct standin_qr){ .prec = p, .m = m, .n = n, .lda = lda, .a = A, .tau = tau,
                                    .info = dev_info };
    const standin_operand operand[] = {
        { "A", A, standin_extent(m, n, lda, p->size), 1 },
        { "TAU", tau, (size_t)(m < n ? m : n) * p->size, 1 },
        { "Workspace", work, (size_t)lwork * p->size, 0 },
        { "devInfo", dev_info, sizeof(int), 1 },
    };
    standin_solver_queue(name, handle, op, operand, 4);
    return CUSOLVER_STATUS_SUCCESS;
}

/* The arguments cuSOLVER's ?ormqr / ?unmqr refuse: a plain transpose for
 * complex Q, a conjugate one for real Q, k beyond Q's order, short
 * leading dimensions. */
static int bad_unmqr(const standin_precision *p, cublasSideMode_t side, cublasOperation_t trans,
                     int m, int n, int k, int lda, int ldc)
{
    int order = side == CUBLAS_SIDE_LEFT ? m : n;
    int ok_trans = trans == CUBLAS_OP_N || trans == (p->complex ? CUBLAS_OP_C : CUBLAS_OP_T);
    return (side != CUBLAS_SIDE_LEFT && side != CUBLAS_SIDE_RIGHT) || !ok_trans || m < 0
           || n < 0 || k < 0 || k > order || lda < (order > 1 ? order : 1)
           || ldc < (m > 1 ? m : 1);
}

static cusolverStatus_t unmqr(const char *name, const standin_precision *p,
                              cusolverDnHandle_t handle, cublasSideMode_t side,
                              cublasOperation_t trans, int m, int n, int k, const void *A,
                              int lda, const void *tau, void *C, int ldc, void *work, int lwork,
                              int *dev_info)
{
    if (bad_unmqr(p, side, trans, m, n, k, lda, ldc))
        return CUSOLVER_STATUS_INVALID_VALUE;
    standin_op *op = standin_solver_begin(name, handle, lwork, m, n, run_unmqr);
    if (!op)
        return CUSOLVER_STATUS_EXECUTION_FAILED;
    op->u.qr = (struct standin_qr){ .prec = p, .m = m, .n = n, .k = k, .lda = lda, .ldc = ldc,
                                    .side = side == CUBLAS_SIDE_LEFT ? 'L' : 'R',
                                    .trans = trans == CUBLAS_OP_N ? 'N' : p->complex ? 'C' : 'T',
                                    .a = (void *)A, .tau = (void *)tau, .c = C,
                                    .info = dev_info };
    const standin_operand operand[] = {
        { "A", A, standin_extent(side == CUBLAS_SIDE_LEFT ? m : n, k, lda, p->size),
          STANDIN_READ },
        { "tau", tau, (size_t)k * p->size, STANDIN_READ },
        { "C", C, standin_extent(m, n, ldc, p->size), 1 },
        { "work", work, (size_t)lwork * p->size, 0 },
        { "devInfo", dev_info, sizeof(int), 0 },
    };
    standin_solver_queue(name, handle, op, operand, 5);
    return CUSOLVER_STATUS_SUCCESS;
}

#define STANDIN_GEQRF(P, T)                                                                    \
    STANDIN_MATRIX_BUFFER_SIZE(P, T, geqrf)                                                    \
    cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t handle, int m, int n, T *A,     \
                                          int lda, T *TAU, T *Workspace, int Lwork,           \
                                          int *devInfo)                                        \
    {                                                                                          \
        return geqrf("cusolverDn" #P "geqrf", &standin_precisions[STANDIN_##P], handle, m, n, \
                     A, lda, TAU, Workspace, Lwork, devInfo);                                  \
    }

#define STANDIN_UNMQR(P, NAME, T)                                                              \
    cusolverStatus_t cusolverDn##P##NAME##_bufferSize(                                        \
        cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m,     \
        int n, int k, const T *A, int lda, const T *tau, const T *C, int ldc, int *lwork)     \
    {                                                                                          \
        (void)A;                                                                               \
        (void)tau;                                                                             \
        (void)C;                                                                               \
        return standin_solver_buffer_size(                                                     \
            "cusolverDn" #P #NAME "_bufferSize", handle,                                       \
            bad_unmqr(&standin_precisions[STANDIN_##P], side, trans, m, n, k, lda, ldc), m, n, \
            lwork);                                                                            \
    }                                                                                          \
    cusolverStatus_t cusolverDn##P##NAME(cusolverDnHandle_t handle, cublasSideMode_t side,   \
                                         cublasOperation_t trans, int m, int n, int k,        \
                                         const T *A, int lda, const T *tau, T *C, int ldc,    \
                                         T *work, int lwork, int *devInfo)                    \
    {                                                                                          \
        return unmqr("cusolverDn" #P #NAME, &standin_precisions[STANDIN_##P], handle, side,   \
                     trans, m, n, k, A, lda, tau, C, ldc, work, lwork, devInfo);               \
    }

STANDIN_EACH_PRECISION(STANDIN_GEQRF)
STANDIN_UNMQR(S, ormqr, float)
STANDIN_UNMQR(D, ormqr, double)
STANDIN_UNMQR(C, unmqr, cuComplex)
STANDIN_UNMQR(Z, unmqr, cuDoubleComplex)
