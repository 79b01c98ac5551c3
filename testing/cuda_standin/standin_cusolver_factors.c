/* cuSOLVER's Cholesky and LU factors (?potrf, ?getrf and their workspace
 * queries, whose rule the QR calls of standin_cusolver_qr.c share) on the
 * host, as strictly as the rest of the stand-in: the
 * matrix, the workspace, the pivots and devInfo must lie in memory of the
 * handle's device, the workspace must be at least what ?X_bufferSize
 * said, and devInfo, the pivots and the factor are written only when the
 * call runs on its stream (a host that reads them before then reads what
 * was there before). */
#include <string.h>

#include "standin.h"

int standin_solver_workspace(int m, int n)
{
    return 64 * (n > 0 ? n : 1) + (m > n ? m - n : 0);
}

int standin_bad_matrix(int m, int n, int lda)
{
    return m < 0 || n < 0 || lda < (m > 1 ? m : 1);
}

/* The arguments cuSOLVER's ?potrf refuses. */
static int bad_potrf(cublasFillMode_t uplo, int n, int lda)
{
    return (uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER)
           || standin_bad_matrix(n, n, lda);
}

cusolverStatus_t standin_solver_buffer_size(const char *name, cusolverDnHandle_t handle,
                                            int bad, int m, int n, int *lwork)
{
    if (standin_enter(name) != cudaSuccess)
        return CUSOLVER_STATUS_EXECUTION_FAILED;
    pthread_mutex_lock(&standin_lock);
    standin_handle_live(&standin_cusolver, name, handle);
    pthread_mutex_unlock(&standin_lock);
    if (!lwork || bad)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *lwork = standin_solver_workspace(m, n);
    return CUSOLVER_STATUS_SUCCESS;
}

standin_op *standin_solver_begin(const char *name, cusolverDnHandle_t handle, int lwork, int m,
                                 int n, void (*run)(standin_op *))
{
    if (lwork < standin_solver_workspace(m, n))
        standin_die("workspace smaller than its ?X_bufferSize asked for",
                    "%s: Lwork %d, needs %d for %d x %d", name, lwork,
                    standin_solver_workspace(m, n), m, n);
    if (standin_solver_enter(name, handle) != cudaSuccess)
        return NULL;
    standin_op *op = standin_op_new();
    op->run = run;
    return op;
}

/* On the stream's thread: LAPACK's ?potrf or ?getrf, INFO to devInfo. */
static void run_potrf(standin_op *op)
{
    int n = op->u.factor.n, lda = op->u.factor.lda, info = 0;
    char uplo = op->u.factor.uplo;
    op->u.factor.prec->potrf(&uplo, &n, op->u.factor.a, &lda, &info, 1);
    memcpy(op->u.factor.info, &info, sizeof info);
}

static void run_getrf(standin_op *op)
{
    int m = op->u.factor.m, n = op->u.factor.n, lda = op->u.factor.lda, info = 0;
    op->u.factor.prec->getrf(&m, &n, op->u.factor.a, &lda, op->u.factor.ipiv, &info);
    memcpy(op->u.factor.info, &info, sizeof info);
}

/* The checks and the queueing both factorizations share; ipiv NULL for
 * ?potrf. */
static cusolverStatus_t factor(const char *name, const standin_precision *p,
                               cusolverDnHandle_t handle, void (*run)(standin_op *), char uplo,
                               int m, int n, void *A, int lda, void *work, int lwork, int *ipiv,
                               int *dev_info)
{
    standin_op *op = standin_solver_begin(name, handle, lwork, m, n, run);
    if (!op)
        return CUSOLVER_STATUS_EXECUTION_FAILED;
    op->u.factor = (struct standin_factor){ .prec = p, .device = handle->common.device, .m = m,
                                            .n = n, .lda = lda, .uplo = uplo, .a = A,
                                            .info = dev_info, .ipiv = ipiv };
    /* The workspace is touched by ?potrf, the pivots instead by ?getrf. */
    size_t pivots = (size_t)(m < n ? m : n) * sizeof(int);
    const standin_operand operand[] = {
        { "A", A, standin_extent(m, n, lda, p->size), 1 },
        { "Workspace", work, (size_t)lwork * p->size, !ipiv },
        { "devIpiv", ipiv, ipiv ? pivots : 0, ipiv != NULL },
        { "devInfo", dev_info, sizeof(int), 1 },
    };
    standin_solver_queue(name, handle, op, operand, 4);
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t potrf(const char *name, const standin_precision *p,
                              cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, void *A,
                              int lda, void *work, int lwork, int *dev_info)
{
    if (bad_potrf(uplo, n, lda))
        return CUSOLVER_STATUS_INVALID_VALUE;
    return factor(name, p, handle, run_potrf, uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U', n, n,
                  A, lda, work, lwork, NULL, dev_info);
}

/* cuSOLVER's ?getrf takes no Lwork: its workspace must hold what
 * ?getrf_bufferSize said, checked as the extent of that many values. */
static cusolverStatus_t getrf(const char *name, const standin_precision *p,
                              cusolverDnHandle_t handle, int m, int n, void *A, int lda,
                              void *work, int *ipiv, int *dev_info)
{
    if (standin_bad_matrix(m, n, lda))
        return CUSOLVER_STATUS_INVALID_VALUE;
    if (!ipiv)
        standin_die("no pivots", "%s with devIpiv NULL (the stand-in always pivots)", name);
    return factor(name, p, handle, run_getrf, 'N', m, n, A, lda, work,
                  standin_solver_workspace(m, n), ipiv, dev_info);
}

#define STANDIN_FACTORS(P, T)                                                                  \
    cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t handle,               \
                                                     cublasFillMode_t uplo, int n, T *A,      \
                                                     int lda, int *Lwork)                     \
    {                                                                                          \
        (void)A;                                                                               \
        return standin_solver_buffer_size("cusolverDn" #P "potrf_bufferSize", handle,         \
                                          bad_potrf(uplo, n, lda), n, n, Lwork);              \
    }                                                                                          \
    cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t handle, cublasFillMode_t uplo,  \
                                          int n, T *A, int lda, T *Workspace, int Lwork,      \
                                          int *devInfo)                                        \
    {                                                                                          \
        return potrf("cusolverDn" #P "potrf", &standin_precisions[STANDIN_##P], handle, uplo, \
                     n, A, lda, Workspace, Lwork, devInfo);                                    \
    }                                                                                          \
    STANDIN_MATRIX_BUFFER_SIZE(P, T, getrf)                                                    \
    cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t handle, int m, int n, T *A,     \
                                          int lda, T *Workspace, int *devIpiv, int *devInfo)  \
    {                                                                                          \
        return getrf("cusolverDn" #P "getrf", &standin_precisions[STANDIN_##P], handle, m, n, \
                     A, lda, Workspace, devIpiv, devInfo);                                     \
    }

STANDIN_EACH_PRECISION(STANDIN_FACTORS)
