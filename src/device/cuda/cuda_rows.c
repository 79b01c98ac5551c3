/* HS_K_ROWS on a CUDA GPU (see cuda_rows.h). */
#include "config.h"

#include <string.h>

#include "device/cuda/cuda_libs.h"
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

/* Where a call's real row `entry` (row entry / parts, part entry %
 * parts) goes from and to in one of its phases: straight from the
 * source rows to the destinations, or through the stage (the source
 * rows packed, ld = m * parts reals), in and out. */
enum { DIRECT, STAGE_IN, STAGE_OUT };

typedef struct phase {
    const hs_kernel_call *k;
    int which, parts;
    size_t real_bytes;
    char *stage;
    int ldb, ldc;   /* reals */
} phase;

static phase phase_of(const hs_kernel_call *k, int which, int parts, size_t real_bytes,
                      char *stage)
{
    int packed = k->m * parts;
    return (phase){ .k = k, .which = which, .parts = parts, .real_bytes = real_bytes,
                    .stage = stage, .ldb = which == STAGE_OUT ? packed : k->lda * parts,
                    .ldc = which == STAGE_IN ? packed : k->ldc * parts };
}

static void entry_rows(const phase *p, int entry, const void **b, void **c)
{
    int row = entry / p->parts, part = entry % p->parts;
    size_t offset = (size_t)part * p->real_bytes;
    char *staged = p->stage + (size_t)entry * p->real_bytes;
    *b = p->which == STAGE_OUT ? staged : (const char *)p->k->from[row] + offset;
    *c = p->which == STAGE_IN ? staged : (char *)p->k->to[row] + offset;
}

/* One slot's GEMMs: count entries of phase p from entry `first`. */
static int run_slot(hs_cuda_rows *r, cublasHandle_t h, cudaStream_t stream, const phase *p,
                    int first, int count, hs_cuda_rows_error *e)
{
    unsigned s = r->next++ % HS_CUDA_ROWS_SLOTS;
    char *host = r->host + (size_t)s * SLOT_BYTES, *dev = r->dev + (size_t)s * SLOT_BYTES;
    cudaError_t err;
    if (r->pending[s] && (err = cudaEventSynchronize(r->done[s])) != cudaSuccess)
        return cuda_failed(e, "cudaEventSynchronize", err);
    r->pending[s] = 0;
    int single = p->real_bytes == sizeof(float);
    if (single)
        *(float *)(void *)host = 1.0f;
    else
        *(double *)(void *)host = 1.0;
    /* The three arrays packed by count: only what the GEMMs read moves. */
    const void **a = (const void **)(void *)(host + ONE_BYTES);
    const void **b = a + count;
    void **c = (void **)(b + count);
    for (int i = 0; i < count; i++) {
        a[i] = dev;
        entry_rows(p, first + i, &b[i], &c[i]);
    }
    size_t bytes = ONE_BYTES + 3 * (size_t)count * sizeof(void *);
    if ((err = cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, stream)) != cudaSuccess)
        return cuda_failed(e, "cudaMemcpyAsync", err);
    const void **da = (const void **)(void *)(dev + ONE_BYTES);
    const void **db = da + count;
    void **dc = (void **)(db + count);
    int n = p->k->n;
    cublasStatus_t st;
    if (single) {
        const float one = 1.0f, zero = 0.0f;
        st = HS_CU(cublasSgemmBatched)(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, n, 1, &one,
                                (const float *const *)da, 1, (const float *const *)db, p->ldb,
                                &zero, (float *const *)dc, p->ldc, count);
        e->call = "cublasSgemmBatched";
    } else {
        const double one = 1.0, zero = 0.0;
        st = HS_CU(cublasDgemmBatched)(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, n, 1, &one,
                                (const double *const *)da, 1, (const double *const *)db, p->ldb,
                                &zero, (double *const *)dc, p->ldc, count);
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

static int run_phase(hs_cuda_rows *r, cublasHandle_t h, cudaStream_t stream, const phase *p,
                     hs_cuda_rows_error *e)
{
    int entries = p->k->m * p->parts, status = 0;
    for (int first = 0; first < entries && !status; first += HS_CUDA_ROWS_ENTRIES) {
        int count = entries - first < HS_CUDA_ROWS_ENTRIES ? entries - first
                                                           : HS_CUDA_ROWS_ENTRIES;
        status = run_slot(r, h, stream, p, first, count, e);
    }
    return status;
}

int hs_cuda_rows_run(hs_cuda_rows *r, cublasHandle_t h, const hs_kernel_call *k, void *stage,
                     hs_cuda_rows_error *e)
{
    if (k->m == 0 || k->n == 0)
        return 0;
    int status = r->host ? 0 : allocate(r, e);
    if (status)
        return status;
    cudaStream_t stream;
    cublasStatus_t st = HS_CU(cublasGetStream)(h, &stream);
    if (st != CUBLAS_STATUS_SUCCESS) {
        e->call = "cublasGetStream";
        e->blas = 1;
        e->status = st;
        return HETSCAL_ERR_DEVICE;
    }
    int parts = hs_prec_complex(k->prec) ? 2 : 1;
    size_t real_bytes = hs_prec_bytes(k->prec) / (size_t)parts;
    if (!stage) {
        phase p = phase_of(k, DIRECT, parts, real_bytes, NULL);
        return run_phase(r, h, stream, &p, e);
    }
    phase in = phase_of(k, STAGE_IN, parts, real_bytes, stage);
    phase out = phase_of(k, STAGE_OUT, parts, real_bytes, stage);
    status = run_phase(r, h, stream, &in, e);
    return status ? status : run_phase(r, h, stream, &out, e);
}
