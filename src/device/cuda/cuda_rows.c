/* HS_K_ROWS on a CUDA GPU (see cuda_rows.h). */
#include "config.h"

#include <string.h>

#include "device/cuda/cuda_rows.h"
#include "include/hetscal.h"
#include "util/precision.h"

/* A slot: the GEMMs' 1 x 1 one (16 bytes, either real precision), then
 * the A, B and C pointer arrays; rounded up to cudaMalloc's alignment. */
enum { ONE_BYTES = 16,
       SLOT_BYTES = (ONE_BYTES + 3 * HS_CUDA_ROWS_ENTRIES * sizeof(void *) + 255) / 256 * 256 };

static int cuda_failed(hs_cuda_rows_error *e, const char *call, cudaError_t err)
{
    e->call = call;
    e->blas = 0;
    e->cuda = err;
    return HETSCAL_ERR_DEVICE;
}

static int allocate(hs_cuda_rows *r, hs_cuda_rows_error *e)
{
    size_t bytes = (size_t)HS_CUDA_ROWS_SLOTS * SLOT_BYTES;
    if (cudaHostAlloc((void **)&r->host, bytes, cudaHostAllocPortable) != cudaSuccess) {
        (void)cudaGetLastError();   /* out of memory is not sticky */
        r->host = NULL;
        return HETSCAL_ERR_NOMEM;
    }
    if (cudaMalloc((void **)&r->dev, bytes) != cudaSuccess) {
        (void)cudaGetLastError();
        cudaFreeHost(r->host);
        r->host = r->dev = NULL;
        return HETSCAL_ERR_NOMEM;
    }
    for (int s = 0; s < HS_CUDA_ROWS_SLOTS; s++) {
        cudaError_t err = cudaEventCreateWithFlags(&r->done[s], cudaEventDisableTiming);
        if (err != cudaSuccess) {
            while (s-- > 0)
                cudaEventDestroy(r->done[s]);
            cudaFree(r->dev);
            cudaFreeHost(r->host);
            r->host = r->dev = NULL;
            return cuda_failed(e, "cudaEventCreateWithFlags", err);
        }
        r->pending[s] = 0;
    }
    return 0;
}

void hs_cuda_rows_free(hs_cuda_rows *r)
{
    if (!r->host)
        return;
    for (int s = 0; s < HS_CUDA_ROWS_SLOTS; s++)
        cudaEventDestroy(r->done[s]);
    cudaFree(r->dev);
    cudaFreeHost(r->host);
    r->host = r->dev = NULL;
}

/* One slot's GEMMs: count entries from entry `first` of the call's real
 * rows (parts per row). */
static int run_slot(hs_cuda_rows *r, cublasHandle_t h, cudaStream_t stream,
                    const hs_kernel_call *k, int first, int count, int parts, size_t real_bytes,
                    hs_cuda_rows_error *e)
{
    unsigned s = r->next++ % HS_CUDA_ROWS_SLOTS;
    char *host = r->host + (size_t)s * SLOT_BYTES, *dev = r->dev + (size_t)s * SLOT_BYTES;
    cudaError_t err;
    if (r->pending[s] && (err = cudaEventSynchronize(r->done[s])) != cudaSuccess)
        return cuda_failed(e, "cudaEventSynchronize", err);
    r->pending[s] = 0;
    int single = real_bytes == sizeof(float);
    if (single)
        *(float *)(void *)host = 1.0f;
    else
        *(double *)(void *)host = 1.0;
    /* The three arrays packed by count: only what the GEMMs read moves. */
    const void **a = (const void **)(void *)(host + ONE_BYTES);
    const void **b = a + count;
    void **c = (void **)(b + count);
    for (int i = 0; i < count; i++) {
        int row = (first + i) / parts, part = (first + i) % parts;
        a[i] = dev;
        b[i] = (const char *)k->from[row] + (size_t)part * real_bytes;
        c[i] = (char *)k->to[row] + (size_t)part * real_bytes;
    }
    size_t bytes = ONE_BYTES + 3 * (size_t)count * sizeof(void *);
    if ((err = cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, stream)) != cudaSuccess)
        return cuda_failed(e, "cudaMemcpyAsync", err);
    const void **da = (const void **)(void *)(dev + ONE_BYTES);
    const void **db = da + count;
    void **dc = (void **)(db + count);
    int ldb = k->lda * parts, ldc = k->ldc * parts;
    cublasStatus_t st;
    if (single) {
        const float one = 1.0f, zero = 0.0f;
        st = cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, k->n, 1, &one,
                                (const float *const *)da, 1, (const float *const *)db, ldb,
                                &zero, (float *const *)dc, ldc, count);
        e->call = "cublasSgemmBatched";
    } else {
        const double one = 1.0, zero = 0.0;
        st = cublasDgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, k->n, 1, &one,
                                (const double *const *)da, 1, (const double *const *)db, ldb,
                                &zero, (double *const *)dc, ldc, count);
        e->call = "cublasDgemmBatched";
    }
    if (st != CUBLAS_STATUS_SUCCESS) {
        e->blas = 1;
        e->status = st;
        return HETSCAL_ERR_DEVICE;
    }
    if ((err = cudaEventRecord(r->done[s], stream)) != cudaSuccess)
        return cuda_failed(e, "cudaEventRecord", err);
    r->pending[s] = 1;
    return 0;
}

int hs_cuda_rows_run(hs_cuda_rows *r, cublasHandle_t h, const hs_kernel_call *k,
                     hs_cuda_rows_error *e)
{
    if (k->m == 0 || k->n == 0)
        return 0;
    int status = r->host ? 0 : allocate(r, e);
    if (status)
        return status;
    cudaStream_t stream;
    cublasStatus_t st = cublasGetStream(h, &stream);
    if (st != CUBLAS_STATUS_SUCCESS) {
        e->call = "cublasGetStream";
        e->blas = 1;
        e->status = st;
        return HETSCAL_ERR_DEVICE;
    }
    int parts = hs_prec_complex(k->prec) ? 2 : 1;
    size_t real_bytes = hs_prec_bytes(k->prec) / (size_t)parts;
    int entries = k->m * parts;
    for (int first = 0; first < entries && !status; first += HS_CUDA_ROWS_ENTRIES) {
        int count = entries - first < HS_CUDA_ROWS_ENTRIES ? entries - first
                                                           : HS_CUDA_ROWS_ENTRIES;
        status = run_slot(r, h, stream, k, first, count, parts, real_bytes, e);
    }
    return status;
}
