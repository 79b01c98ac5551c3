/* cuBLAS on the host: handles belong to the device current at creation;
 * a call checks its arguments as cuBLAS does (CUBLAS_STATUS_INVALID_VALUE),
 * then fails loudly for what cuBLAS would let corrupt memory (operands
 * outside their allocations, of another device, overlapping the output),
 * and queues the host BLAS call on the handle's stream with alpha and beta
 * read now (host pointer mode). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "standin.h"

/* The BLAS the project links (hidden string lengths, as gfortran passes). */
void dgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
            const double *alpha, const double *a, const int *lda, const double *b,
            const int *ldb, const double *beta, double *c, const int *ldc, size_t l1,
            size_t l2);
void dsyrk_(const char *uplo, const char *trans, const int *n, const int *k,
            const double *alpha, const double *a, const int *lda, const double *beta,
            double *c, const int *ldc, size_t l1, size_t l2);
void dtrsm_(const char *side, const char *uplo, const char *transa, const char *diag,
            const int *m, const int *n, const double *alpha, const double *a, const int *lda,
            double *b, const int *ldb, size_t l1, size_t l2, size_t l3, size_t l4);
void dtrmm_(const char *side, const char *uplo, const char *transa, const char *diag,
            const int *m, const int *n, const double *alpha, const double *a, const int *lda,
            double *b, const int *ldb, size_t l1, size_t l2, size_t l3, size_t l4);

static void check_handle(const char *call, cublasHandle_t h)
{
    if (!standin_set_has(&standin_handles, h))
        standin_die("unknown or destroyed cuBLAS handle", "%s on handle %p", call, (void *)h);
    if (h->stream_destroyed)
        standin_die("cuBLAS handle used after its stream was destroyed",
                    "%s: destroy the handle before its stream, or set another stream first",
                    call);
}

cublasStatus_t cublasCreate_v2(cublasHandle_t *handle)
{
    if (standin_enter("cublasCreate") != cudaSuccess)
        return CUBLAS_STATUS_NOT_INITIALIZED;
    if (!handle)
        return CUBLAS_STATUS_INVALID_VALUE;
    cublasHandle_t h = calloc(1, sizeof *h);
    if (!h)
        return CUBLAS_STATUS_ALLOC_FAILED;
    h->device = standin_current();
    pthread_mutex_lock(&standin_lock);
    standin_set_add(&standin_handles, h);
    pthread_mutex_unlock(&standin_lock);
    *handle = h;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDestroy_v2(cublasHandle_t handle)
{
    standin_enter("cublasDestroy");
    pthread_mutex_lock(&standin_lock);
    check_handle("cublasDestroy", handle);
    standin_set_remove(&standin_handles, handle);
    pthread_mutex_unlock(&standin_lock);
    free(handle);
    return CUBLAS_STATUS_SUCCESS;
}

void standin_forget_stream_in_handles(cudaStream_t s)
{
    for (size_t i = 0; i < standin_handles.cap; i++) {
        cublasHandle_t h = standin_set_at(&standin_handles, i);
        if (h && h->stream == s)
            h->stream_destroyed = 1;
    }
}

cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId)
{
    standin_enter("cublasSetStream");
    pthread_mutex_lock(&standin_lock);
    if (!standin_set_has(&standin_handles, handle))
        standin_die("unknown or destroyed cuBLAS handle", "cublasSetStream on handle %p",
                    (void *)handle);
    standin_check_stream("cublasSetStream", streamId);
    if (streamId->device != handle->device)
        standin_die("cuBLAS handle and stream of different devices",
                    "cublasSetStream: handle of device %d, stream of device %d",
                    handle->device, streamId->device);
    handle->stream = streamId;
    handle->stream_destroyed = 0;
    pthread_mutex_unlock(&standin_lock);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t *streamId)
{
    standin_enter("cublasGetStream");
    pthread_mutex_lock(&standin_lock);
    check_handle("cublasGetStream", handle);
    if (streamId)
        *streamId = handle->stream;
    pthread_mutex_unlock(&standin_lock);
    return streamId ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_INVALID_VALUE;
}

cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode)
{
    standin_enter("cublasSetPointerMode");
    pthread_mutex_lock(&standin_lock);
    check_handle("cublasSetPointerMode", handle);
    pthread_mutex_unlock(&standin_lock);
    if (mode == CUBLAS_POINTER_MODE_DEVICE)
        standin_die("device pointer mode is not supported by the stand-in",
                    "cublasSetPointerMode(CUBLAS_POINTER_MODE_DEVICE)");
    return mode == CUBLAS_POINTER_MODE_HOST ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_INVALID_VALUE;
}

const char *cublasGetStatusString(cublasStatus_t status)
{
    switch (status) {
    case CUBLAS_STATUS_SUCCESS: return "the operation completed successfully";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "the library was not initialized";
    case CUBLAS_STATUS_ALLOC_FAILED: return "the resource allocation failed";
    case CUBLAS_STATUS_INVALID_VALUE: return "an invalid numeric value was used as an argument";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "an absent device architectural feature is required";
    case CUBLAS_STATUS_MAPPING_ERROR: return "an access to GPU memory space failed";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "the GPU program failed to execute";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "an internal operation failed";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "the functionality requested is not supported";
    case CUBLAS_STATUS_LICENSE_ERROR: return "an error was detected when checking the current licensing";
    }
    return "unknown error";
}

/* A column-major operand: rows x cols with leading dimension ld. */
typedef struct operand {
    const char *name;
    const double *p;
    int rows, cols, ld;
    int may_be_output;   /* cublasDtrmm's B: C == B is the in-place form */
} operand;

static size_t extent_bytes(const operand *o)
{
    return ((size_t)(o->cols - 1) * (size_t)o->ld + (size_t)o->rows) * sizeof(double);
}

/* Whether two operands share an element (exact, column by column). */
static int overlap(const operand *x, const operand *y)
{
    uintptr_t xs = (uintptr_t)x->p, xe = xs + extent_bytes(x);
    uintptr_t ys = (uintptr_t)y->p, ye = ys + extent_bytes(y);
    if (xe <= ys || ye <= xs)
        return 0;
    for (int j = 0; j < y->cols; j++) {
        uintptr_t s = ys + (size_t)j * (size_t)y->ld * sizeof(double);
        uintptr_t e = s + (size_t)y->rows * sizeof(double);
        uintptr_t colb = (size_t)x->ld * sizeof(double), len = (size_t)x->rows * sizeof(double);
        /* x's column i is [xs + i colb, xs + i colb + len): the first that ends after s */
        intptr_t i = s + 1 > xs + len ? (intptr_t)((s + 1 - xs - len + colb - 1) / colb) : 0;
        if (i < x->cols && xs + (uintptr_t)i * colb < e)
            return 1;
    }
    return 0;
}

typedef struct call {
    const char *name;
    cublasHandle_t h;
    cudaStream_t stream;
    operand op[3];   /* inputs first, the output last */
    int nop;
} call;

/* Everything but the argument values: the handle, its stream and device,
 * the operands' memory.  Takes the lock; the caller enqueues and unlocks. */
static cublasStatus_t begin(call *c)
{
    cudaError_t err = standin_enter(c->name);
    pthread_mutex_lock(&standin_lock);
    check_handle(c->name, c->h);
    if (standin_current() != c->h->device)
        standin_die("cuBLAS call while another device is current",
                    "%s: handle of device %d, current device %d", c->name, c->h->device,
                    standin_current());
    if (!c->h->stream)
        standin_die("the NULL (legacy) stream is not supported by the stand-in",
                    "%s on a handle without cublasSetStream", c->name);
    c->stream = c->h->stream;
    if (err != cudaSuccess) {
        pthread_mutex_unlock(&standin_lock);
        return CUBLAS_STATUS_EXECUTION_FAILED;
    }
    const operand *out = &c->op[c->nop - 1];
    for (int i = 0; i < c->nop; i++) {
        const operand *o = &c->op[i];
        if (o->rows == 0 || o->cols == 0)
            continue;
        standin_check_device_extent(c->name, o->name, o->p, extent_bytes(o), c->h->device);
        if (i < c->nop - 1 && out->rows && out->cols && !(o->may_be_output && o->p == out->p) &&
            overlap(o, out))
            standin_die("output overlaps an input", "%s: %s %p and %s %p share elements",
                        c->name, out->name, (const void *)out->p, o->name, (const void *)o->p);
    }
    return CUBLAS_STATUS_SUCCESS;
}

static void enqueue(call *c, standin_op *op)
{
    op->counted = 1;
    for (int i = 0; i < c->nop; i++) {
        op->touch[i] = (const char *)c->op[i].p;
        op->touch_len[i] = c->op[i].rows && c->op[i].cols ? extent_bytes(&c->op[i]) : 0;
    }
    standin_enqueue(c->stream, op);
    pthread_mutex_unlock(&standin_lock);
}

static int max1(int x)
{
    return x > 1 ? x : 1;
}

static char op_char(cublasOperation_t t)
{
    return t == CUBLAS_OP_N ? 'N' : 'T';
}

static int bad_op(cublasOperation_t t)
{
    return t != CUBLAS_OP_N && t != CUBLAS_OP_T && t != CUBLAS_OP_C;
}

static void run_blas(standin_op *op)
{
    const standin_blas *b = &op->u.blas;
    char side = b->side, uplo = b->uplo, ta = b->transa, tb = b->transb, diag = b->diag;
    int m = b->m, n = b->n, k = b->k;
    switch (b->op) {
    case 'g':
        dgemm_(&ta, &tb, &m, &n, &k, &b->alpha, b->a, &b->lda, b->b, &b->ldb, &b->beta, b->c,
               &b->ldc, 1, 1);
        break;
    case 's':
        dsyrk_(&uplo, &ta, &n, &k, &b->alpha, b->a, &b->lda, &b->beta, b->c, &b->ldc, 1, 1);
        break;
    case 't':
        dtrsm_(&side, &uplo, &ta, &diag, &m, &n, &b->alpha, b->a, &b->lda, b->c, &b->ldc, 1, 1,
               1, 1);
        break;
    case 'm':   /* out of place: C = B first, then the BLAS in-place form on C */
        if (b->b != b->c)
            for (int j = 0; j < n; j++)
                memcpy(b->c + (size_t)j * (size_t)b->ldc, b->b + (size_t)j * (size_t)b->ldb,
                       (size_t)m * sizeof(double));
        dtrmm_(&side, &uplo, &ta, &diag, &m, &n, &b->alpha, b->a, &b->lda, b->c, &b->ldc, 1, 1,
               1, 1);
        break;
    default:
        break;
    }
}

/* Checks the call (begin) and queues the BLAS call args on its stream. */
static cublasStatus_t submit(call *c, standin_blas args)
{
    cublasStatus_t st = begin(c);
    if (st != CUBLAS_STATUS_SUCCESS)
        return st;
    standin_op *op = standin_op_new();
    op->run = run_blas;
    op->u.blas = args;
    enqueue(c, op);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDgemm_v2(cublasHandle_t handle, cublasOperation_t transa,
                              cublasOperation_t transb, int m, int n, int k,
                              const double *alpha, const double *A, int lda, const double *B,
                              int ldb, const double *beta, double *C, int ldc)
{
    int ar = transa == CUBLAS_OP_N ? m : k, ac = transa == CUBLAS_OP_N ? k : m;
    int br = transb == CUBLAS_OP_N ? k : n, bc = transb == CUBLAS_OP_N ? n : k;
    if (bad_op(transa) || bad_op(transb) || m < 0 || n < 0 || k < 0 || lda < max1(ar) ||
        ldb < max1(br) || ldc < max1(m) || !alpha || !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    int reads = k > 0 && *alpha != 0.0;
    call c = { "cublasDgemm", handle, NULL,
               { { "A", A, reads ? ar : 0, ac, lda, 0 }, { "B", B, reads ? br : 0, bc, ldb, 0 },
                 { "C", C, m, n, ldc, 0 } }, 3 };
    return submit(&c, (standin_blas){ .op = 'g', .transa = op_char(transa),
                                      .transb = op_char(transb), .m = m, .n = n, .k = k,
                                      .alpha = *alpha, .beta = *beta, .a = A, .b = B, .c = C,
                                      .lda = lda, .ldb = ldb, .ldc = ldc });
}

static int bad_fill(cublasFillMode_t uplo)
{
    return uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER;
}

static char fill_char(cublasFillMode_t uplo)
{
    return uplo == CUBLAS_FILL_MODE_UPPER ? 'U' : 'L';
}

cublasStatus_t cublasDsyrk_v2(cublasHandle_t handle, cublasFillMode_t uplo,
                              cublasOperation_t trans, int n, int k, const double *alpha,
                              const double *A, int lda, const double *beta, double *C, int ldc)
{
    int ar = trans == CUBLAS_OP_N ? n : k, ac = trans == CUBLAS_OP_N ? k : n;
    if (bad_fill(uplo) || bad_op(trans) || n < 0 || k < 0 || lda < max1(ar) ||
        ldc < max1(n) || !alpha || !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    int reads = k > 0 && *alpha != 0.0;
    call c = { "cublasDsyrk", handle, NULL,
               { { "A", A, reads ? ar : 0, ac, lda, 0 }, { "C", C, n, n, ldc, 0 } }, 2 };
    return submit(&c, (standin_blas){ .op = 's', .uplo = fill_char(uplo),
                                      .transa = op_char(trans), .n = n, .k = k,
                                      .alpha = *alpha, .beta = *beta, .a = A, .c = C,
                                      .lda = lda, .ldc = ldc });
}

static int bad_triangle(cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans,
                        cublasDiagType_t diag)
{
    return (side != CUBLAS_SIDE_LEFT && side != CUBLAS_SIDE_RIGHT) || bad_fill(uplo) ||
           bad_op(trans) || (diag != CUBLAS_DIAG_UNIT && diag != CUBLAS_DIAG_NON_UNIT);
}

/* What DTRSM and DTRMM share: the triangle A and its side. */
static standin_blas triangle_args(char which, cublasSideMode_t side, cublasFillMode_t uplo,
                                  cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                  double alpha, const double *A, int lda)
{
    return (standin_blas){ .op = which, .side = side == CUBLAS_SIDE_LEFT ? 'L' : 'R',
                           .uplo = fill_char(uplo), .transa = op_char(trans),
                           .diag = diag == CUBLAS_DIAG_UNIT ? 'U' : 'N', .m = m, .n = n,
                           .alpha = alpha, .a = A, .lda = lda };
}

cublasStatus_t cublasDtrsm_v2(cublasHandle_t handle, cublasSideMode_t side,
                              cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int m, int n, const double *alpha,
                              const double *A, int lda, double *B, int ldb)
{
    int ka = side == CUBLAS_SIDE_LEFT ? m : n;
    if (bad_triangle(side, uplo, trans, diag) || m < 0 || n < 0 || lda < max1(ka) ||
        ldb < max1(m) || !alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    int reads = m > 0 && n > 0 && *alpha != 0.0;
    call c = { "cublasDtrsm", handle, NULL,
               { { "A", A, reads ? ka : 0, ka, lda, 0 }, { "B", B, m, n, ldb, 0 } }, 2 };
    standin_blas args = triangle_args('t', side, uplo, trans, diag, m, n, *alpha, A, lda);
    args.c = B;   /* in place */
    args.ldc = ldb;
    return submit(&c, args);
}

cublasStatus_t cublasDtrmm_v2(cublasHandle_t handle, cublasSideMode_t side,
                              cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int m, int n, const double *alpha,
                              const double *A, int lda, const double *B, int ldb, double *C,
                              int ldc)
{
    int ka = side == CUBLAS_SIDE_LEFT ? m : n;
    if (bad_triangle(side, uplo, trans, diag) || m < 0 || n < 0 || lda < max1(ka) ||
        ldb < max1(m) || ldc < max1(m) || !alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    int reads = m > 0 && n > 0 && *alpha != 0.0;
    call c = { "cublasDtrmm", handle, NULL,
               { { "A", A, reads ? ka : 0, ka, lda, 0 }, { "B", B, reads ? m : 0, n, ldb, 1 },
                 { "C", C, m, n, ldc, 0 } }, 3 };
    if (B == C && ldb != ldc)
        standin_die("output overlaps an input",
                    "cublasDtrmm: B == C (in place) with ldb %d != ldc %d", ldb, ldc);
    standin_blas args = triangle_args('m', side, uplo, trans, diag, m, n, *alpha, A, lda);
    args.b = B;
    args.ldb = ldb;
    args.c = C;
    args.ldc = ldc;
    return submit(&c, args);
}
