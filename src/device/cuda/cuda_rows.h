/* HS_K_ROWS on a CUDA GPU (device/device.h): CUDA has no strided gather,
 * so each row's copy is a 1 x n GEMM of the row by a 1 x 1 one, all of a
 * call's rows in one cublas?gemmBatched (one launch, where a copy per row
 * would be one each).  Its pointer arrays go to the GPU from pinned
 * slots that are reused once the GEMMs that read them have run (an event
 * per slot): a call takes HS_CUDA_ROWS_ENTRIES rows (of a real precision;
 * a complex row is two real rows) per slot, and waits only when all
 * HS_CUDA_ROWS_SLOTS slots are still in flight.  A call whose
 * destinations include a source row copies twice, in and out of a stage. */
#ifndef HETSCAL_DEVICE_CUDA_CUDA_ROWS_H
#define HETSCAL_DEVICE_CUDA_CUDA_ROWS_H

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include "device/device.h"

enum { HS_CUDA_ROWS_SLOTS = 32, HS_CUDA_ROWS_ENTRIES = 512 };

typedef struct hs_cuda_rows {
    char *host;                              /* pinned slots, NULL until used */
    char *dev;                               /* their copies on the GPU */
    cudaEvent_t done[HS_CUDA_ROWS_SLOTS];    /* after the slot's GEMMs */
    unsigned char pending[HS_CUDA_ROWS_SLOTS];
    unsigned next;
} hs_cuda_rows;

/* What failed: the call's name and its status (cuBLAS's when blas). */
typedef struct hs_cuda_rows_error {
    const char *call;
    int blas;
    cudaError_t cuda;
    cublasStatus_t status;
} hs_cuda_rows_error;

/* The copies of k (checked, k->op == HS_K_ROWS) on h's stream, with the
 * GPU current; through stage (device memory for k->m x k->n values, in
 * the stream's order) when not NULL, for calls where a destination row
 * is also a source.  0, HETSCAL_ERR_NOMEM (no slots could be allocated),
 * or HETSCAL_ERR_DEVICE with *e set. */
int hs_cuda_rows_run(hs_cuda_rows *r, cublasHandle_t h, const hs_kernel_call *k, void *stage,
                     hs_cuda_rows_error *e);

/* With the GPU current and its streams idle. */
void hs_cuda_rows_free(hs_cuda_rows *r);

#endif
