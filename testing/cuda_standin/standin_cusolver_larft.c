/* cuSOLVER's 64-bit API parameters (cusolverDnCreateParams,
 * cusolverDnDestroyParams) and the block reflector's triangular factor
 * cusolverDnXlarft with its workspace query, on the host, as strictly as
 * the QR calls (standin_cusolver_qr.c): live parameters, forward
 * columnwise reflectors only (all cuSOLVER supports), one data type for
 * V, tau, T and the computation, every operand in memory of the handle's
 * device, both workspaces at least what the query said, and T written by
 * LAPACK's ?LARFT only when the call runs on its stream. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "standin.h"

cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t *params)
{
    if (standin_enter("cusolverDnCreateParams") != cudaSuccess)
        return CUSOLVER_STATUS_NOT_INITIALIZED;
    if (!params)
        return CUSOLVER_STATUS_INVALID_VALUE;
    cusolverDnParams_t p = calloc(1, sizeof *p);
    if (!p)
        return CUSOLVER_STATUS_ALLOC_FAILED;
    p->created = 1;
    pthread_mutex_lock(&standin_lock);
    standin_set_add(&standin_params, p);
    pthread_mutex_unlock(&standin_lock);
    *params = p;
    return CUSOLVER_STATUS_SUCCESS;
}

/* Loud unless params is live (lock held). */
static void check_params(const char *call, cusolverDnParams_t params)
{
    if (!standin_set_has(&standin_params, params))
        standin_die("unknown or destroyed cuSOLVER params", "%s on params %p", call,
                    (void *)params);
}

cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params)
{
    standin_enter("cusolverDnDestroyParams");
    pthread_mutex_lock(&standin_lock);
    check_params("cusolverDnDestroyParams", params);
    standin_set_remove(&standin_params, params);
    pthread_mutex_unlock(&standin_lock);
    free(params);
    return CUSOLVER_STATUS_SUCCESS;
}

/* The precision of four equal data types; NULL for any other mix. */
static const standin_precision *precision_of(cudaDataType v, cudaDataType tau, cudaDataType t,
                                             cudaDataType compute)
{
    if (v != tau || v != t || v != compute)
        return NULL;
    switch (v) {
    case CUDA_R_32F:
        return &standin_precisions[STANDIN_S];
    case CUDA_R_64F:
        return &standin_precisions[STANDIN_D];
    case CUDA_C_32F:
        return &standin_precisions[STANDIN_C];
    case CUDA_C_64F:
        return &standin_precisions[STANDIN_Z];
    default:
        return NULL;
    }
}

/* The arguments' values as cuSOLVER checks them: the precision, or NULL
 * (CUSOLVER_STATUS_INVALID_VALUE) with a line that says why. */
static const standin_precision *arguments(const char *call, cusolverDirectMode_t direct,
                                          cusolverStorevMode_t storev, int64_t n, int64_t k,
                                          cudaDataType type_v, int64_t ldv,
                                          cudaDataType type_tau, cudaDataType type_t,
                                          int64_t ldt, cudaDataType compute)
{
    const standin_precision *p = precision_of(type_v, type_tau, type_t, compute);
    const char *why = NULL;
    if (direct != CUBLAS_DIRECT_FORWARD || storev != CUBLAS_STOREV_COLUMNWISE)
        why = "only CUBLAS_DIRECT_FORWARD with CUBLAS_STOREV_COLUMNWISE is supported";
    else if (!p)
        why = "V, tau, T and the computation of one type, CUDA_R_32F, CUDA_R_64F, CUDA_C_32F "
              "or CUDA_C_64F";
    else if (k < 0 || n < k)
        why = "0 <= k <= n";
    else if (ldv < (n > 1 ? n : 1) || ldt < (k > 1 ? k : 1))
        why = "ldv >= max(1, n) and ldt >= max(1, k)";
    else if (n > INT_MAX || ldv > INT_MAX || ldt > INT_MAX)
        why = "sizes beyond 32 bits are not supported by the stand-in";
    if (!why)
        return p;
    standin_say("argument cusolverDnXlarft refuses",
                "%s: %s (direct %d, storev %d, n %lld, k %lld, types %d %d %d %d, ldv %lld, "
                "ldt %lld)",
                call, why, (int)direct, (int)storev, (long long)n, (long long)k, (int)type_v,
                (int)type_tau, (int)type_t, (int)compute, (long long)ldv, (long long)ldt);
    return NULL;
}

/* The workspaces the query asks for, in bytes: a function of the shape
 * alone and never zero, the host one included, so that a caller that
 * ignores either is caught. */
static size_t device_bytes(const standin_precision *p, int64_t n, int64_t k)
{
    return (size_t)standin_solver_workspace((int)n, (int)k) * p->size;
}

static size_t host_bytes(const standin_precision *p, int64_t k)
{
    return (size_t)(k > 0 ? k : 1) * p->size;
}

/* The handle and the parameters live (loud otherwise). */
static cudaError_t begin(const char *call, cusolverDnHandle_t handle, cusolverDnParams_t params)
{
    cudaError_t err = standin_enter(call);
    pthread_mutex_lock(&standin_lock);
    standin_handle_live(&standin_cusolver, call, handle);
    check_params(call, params);
    pthread_mutex_unlock(&standin_lock);
    return err;
}

cusolverStatus_t cusolverDnXlarft_bufferSize(cusolverDnHandle_t handle,
                                             cusolverDnParams_t params,
                                             cusolverDirectMode_t direct,
                                             cusolverStorevMode_t storev, int64_t n, int64_t k,
                                             cudaDataType dataTypeV, const void *V, int64_t ldv,
                                             cudaDataType dataTypeTau, const void *tau,
                                             cudaDataType dataTypeT, void *T, int64_t ldt,
                                             cudaDataType computeType,
                                             size_t *workspaceInBytesOnDevice,
                                             size_t *workspaceInBytesOnHost)
{
    static const char call[] = "cusolverDnXlarft_bufferSize";
    (void)V;
    (void)tau;
    (void)T;
    if (begin(call, handle, params) != cudaSuccess)
        return CUSOLVER_STATUS_EXECUTION_FAILED;
    const standin_precision *p = arguments(call, direct, storev, n, k, dataTypeV, ldv,
                                           dataTypeTau, dataTypeT, ldt, computeType);
    if (!p || !workspaceInBytesOnDevice || !workspaceInBytesOnHost)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *workspaceInBytesOnDevice = device_bytes(p, n, k);
    *workspaceInBytesOnHost = host_bytes(p, k);
    return CUSOLVER_STATUS_SUCCESS;
}

/* On the stream's thread: the host workspace is cuSOLVER's until the
 * call has run (scribbled on, so that one released early is caught by
 * the sanitizers), then LAPACK's ?LARFT.  cuSOLVER documents T as upper
 * triangular only (a real H200's differed from LAPACK's below the
 * diagonal): T's strictly lower part becomes NaN, so that a caller
 * reading it fails here too. */
static void run_larft(standin_op *op)
{
    int n = op->u.larft.n, k = op->u.larft.k, ldv = op->u.larft.ldv, ldt = op->u.larft.ldt;
    size_t es = op->u.larft.prec->size;
    memset(op->u.larft.host_work, 0x5a, op->u.larft.host_bytes);
    op->u.larft.prec->larft("F", "C", &n, &k, op->u.larft.v, &ldv, op->u.larft.tau,
                            op->u.larft.t, &ldt, 1, 1);
    for (int j = 0; j + 1 < k; j++)
        memset((char *)op->u.larft.t + ((size_t)j * (size_t)ldt + (size_t)j + 1) * es, 0xff,
               (size_t)(k - 1 - j) * es);
}

cusolverStatus_t cusolverDnXlarft(cusolverDnHandle_t handle, cusolverDnParams_t params,
                                  cusolverDirectMode_t direct, cusolverStorevMode_t storev,
                                  int64_t n, int64_t k, cudaDataType dataTypeV, const void *V,
                                  int64_t ldv, cudaDataType dataTypeTau, const void *tau,
                                  cudaDataType dataTypeT, void *T, int64_t ldt,
                                  cudaDataType computeType, void *bufferOnDevice,
                                  size_t workspaceInBytesOnDevice, void *bufferOnHost,
                                  size_t workspaceInBytesOnHost)
{
    static const char call[] = "cusolverDnXlarft";
    if (begin(call, handle, params) != cudaSuccess)
        return CUSOLVER_STATUS_EXECUTION_FAILED;
    const standin_precision *p = arguments(call, direct, storev, n, k, dataTypeV, ldv,
                                           dataTypeTau, dataTypeT, ldt, computeType);
    if (!p)
        return CUSOLVER_STATUS_INVALID_VALUE;
    size_t dev_need = device_bytes(p, n, k), host_need = host_bytes(p, k);
    if (workspaceInBytesOnDevice < dev_need || workspaceInBytesOnHost < host_need)
        standin_die("workspace smaller than its ?X_bufferSize asked for",
                    "%s: %zu bytes on the device and %zu on the host, needs %zu and %zu for "
                    "n %lld, k %lld",
                    call, workspaceInBytesOnDevice, workspaceInBytesOnHost, dev_need, host_need,
                    (long long)n, (long long)k);
    if (standin_solver_enter(call, handle) != cudaSuccess)
        return CUSOLVER_STATUS_EXECUTION_FAILED;
    const standin_alloc *host = bufferOnHost ? standin_alloc_find(bufferOnHost) : NULL;
    if (!bufferOnHost || (host && host->device >= 0))
        standin_die("host workspace not in host memory", "%s: bufferOnHost %p", call,
                    bufferOnHost);
    standin_op *op = standin_op_new();
    op->run = run_larft;
    op->u.larft = (struct standin_larft){ .prec = p, .n = (int)n, .k = (int)k, .ldv = (int)ldv,
                                          .ldt = (int)ldt, .v = V, .tau = tau, .t = T,
                                          .host_work = bufferOnHost, .host_bytes = host_need };
    const standin_operand operand[] = {
        { "V", V, standin_extent(n, k, ldv, p->size), STANDIN_READ },
        { "tau", tau, (size_t)k * p->size, STANDIN_READ },
        { "T", T, standin_extent(k, k, ldt, p->size), 1 },
        { "bufferOnDevice", bufferOnDevice, dev_need, 1 },
    };
    standin_solver_queue(call, handle, op, operand, 4);
    return CUSOLVER_STATUS_SUCCESS;
}
