/* cuBLAS's ?gemmBatched (S and D: the backend's row copies, device/cuda/
 * cuda_rows.c) on the host.  When called: the arguments as cuBLAS checks
 * them, and the three pointer arrays in memory of the handle's device.
 * The pointers themselves are device data, which a copy queued before on
 * the same stream may still be writing: when the call runs, every A, B
 * and C they name must lie in one live allocation of that device, and no
 * C may share an element with another C or with an A or B (cuBLAS leaves
 * such a batch undefined); loud otherwise.  Then the host GEMM of each. */
#include <string.h>

#include "standin.h"

static int max1(int x)
{
    return x > 1 ? x : 1;
}

/* Rows and columns of op(X) stored r x c (X is r x c before op). */
static void stored(char trans, int rows, int cols, int *r, int *c)
{
    *r = trans == 'N' ? rows : cols;
    *c = trans == 'N' ? cols : rows;
}

/* Whether the batch's C i shares an element with any matrix of entry j
 * (its C when j != i, its A and B when reads). */
static int clashes(const struct standin_batched *x, int i, int j, int reads)
{
    size_t size = x->prec->size;
    int ar, ac, br, bc;
    stored(x->transa, x->m, x->k, &ar, &ac);
    stored(x->transb, x->k, x->n, &br, &bc);
    if (j != i && standin_matrices_overlap(x->c[i], x->m, x->n, x->ldc, x->c[j], x->m, x->n,
                                           x->ldc, size))
        return 1;
    return reads && (standin_matrices_overlap(x->c[i], x->m, x->n, x->ldc, x->a[j], ar, ac,
                                              x->lda, size) ||
                     standin_matrices_overlap(x->c[i], x->m, x->n, x->ldc, x->b[j], br, bc,
                                              x->ldb, size));
}

static void run_batched(standin_op *op)
{
    const struct standin_batched *x = &op->u.batched;
    size_t size = x->prec->size;
    int ar, ac, br, bc;
    stored(x->transa, x->m, x->k, &ar, &ac);
    stored(x->transb, x->k, x->n, &br, &bc);
    int reads = x->k > 0;
    pthread_mutex_lock(&standin_lock);
    for (int i = 0; i < x->count; i++) {
        if (reads) {
            standin_check_device_extent("cublas?gemmBatched", "A[i]", x->a[i],
                                        standin_extent(ar, ac, x->lda, size), x->device);
            standin_check_device_extent("cublas?gemmBatched", "B[i]", x->b[i],
                                        standin_extent(br, bc, x->ldb, size), x->device);
        }
        standin_check_device_extent("cublas?gemmBatched", "C[i]", x->c[i],
                                    standin_extent(x->m, x->n, x->ldc, size), x->device);
    }
    pthread_mutex_unlock(&standin_lock);
    for (int i = 0; i < x->count; i++)
        for (int j = 0; j < x->count; j++)
            if (clashes(x, i, j, reads))
                standin_die("output overlaps an input or another output",
                            "cublas?gemmBatched: C[%d] %p shares elements with entry %d", i,
                            x->c[i], j);
    for (int i = 0; i < x->count; i++) {
        int m = x->m, n = x->n, k = x->k;
        x->prec->gemm(&x->transa, &x->transb, &m, &n, &k, &x->alpha, x->a[i], &x->lda, x->b[i],
                      &x->ldb, &x->beta, x->c[i], &x->ldc, 1, 1);
    }
}

static cublasStatus_t gemm_batched(const char *name, const standin_precision *p,
                                   cublasHandle_t handle, cublasOperation_t transa,
                                   cublasOperation_t transb, int m, int n, int k,
                                   const void *alpha, const void *const *A, int lda,
                                   const void *const *B, int ldb, const void *beta,
                                   void *const *C, int ldc, int count)
{
    int ar = transa == CUBLAS_OP_N ? m : k, br = transb == CUBLAS_OP_N ? k : n;
    if ((unsigned)transa > CUBLAS_OP_C || (unsigned)transb > CUBLAS_OP_C || m < 0 || n < 0 ||
        k < 0 || count < 0 || lda < max1(ar) || ldb < max1(br) || ldc < max1(m) || !alpha ||
        !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (count == 0 || m == 0 || n == 0)
        return CUBLAS_STATUS_SUCCESS;
    if (standin_handle_enter(&standin_cublas, name, handle) != cudaSuccess)
        return CUBLAS_STATUS_EXECUTION_FAILED;
    int device = handle->common.device;
    size_t bytes = (size_t)count * sizeof(void *);
    standin_check_device_extent(name, "Aarray", A, bytes, device);
    standin_check_device_extent(name, "Barray", B, bytes, device);
    standin_check_device_extent(name, "Carray", C, bytes, device);
    standin_op *op = standin_op_new();
    op->run = run_batched;
    op->counted = 1;
    op->u.batched = (struct standin_batched){
        .prec = p, .device = device, .m = m, .n = n, .k = k, .lda = lda, .ldb = ldb,
        .ldc = ldc, .count = count, .transa = transa == CUBLAS_OP_N ? 'N' : 'T',
        .transb = transb == CUBLAS_OP_N ? 'N' : 'T', .a = A, .b = B, .c = C };
    memcpy(op->u.batched.alpha.bytes, alpha, p->size);
    memcpy(op->u.batched.beta.bytes, beta, p->size);
    const void *arrays[3] = { A, B, C };
    for (int i = 0; i < 3; i++) {
        op->touch[i] = arrays[i];
        op->touch_len[i] = bytes;
    }
    op->reads_only = 7u;   /* the pointer arrays (the rows they point to are
                              not tracked) */
    standin_enqueue(handle->common.stream, op);
    pthread_mutex_unlock(&standin_lock);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                  cublasOperation_t transb, int m, int n, int k,
                                  const float *alpha, const float *const Aarray[], int lda,
                                  const float *const Barray[], int ldb, const float *beta,
                                  float *const Carray[], int ldc, int batchCount)
{
    return gemm_batched("cublasSgemmBatched", &standin_precisions[STANDIN_S], handle, transa,
                        transb, m, n, k, alpha, (const void *const *)Aarray, lda,
                        (const void *const *)Barray, ldb, beta, (void *const *)Carray, ldc,
                        batchCount);
}

cublasStatus_t cublasDgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                  cublasOperation_t transb, int m, int n, int k,
                                  const double *alpha, const double *const Aarray[], int lda,
                                  const double *const Barray[], int ldb, const double *beta,
                                  double *const Carray[], int ldc, int batchCount)
{
    return gemm_batched("cublasDgemmBatched", &standin_precisions[STANDIN_D], handle, transa,
                        transb, m, n, k, alpha, (const void *const *)Aarray, lda,
                        (const void *const *)Barray, ldb, beta, (void *const *)Carray, ldc,
                        batchCount);
}
