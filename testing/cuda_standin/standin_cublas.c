/* cuBLAS handles on the host: a handle belongs to the device current at
 * its creation and runs its calls on the stream set last; host pointer
 * mode only.  The level-3 routines are in standin_cublas_level3.c. */
#include <stdlib.h>

#include "standin.h"

void standin_check_handle(const char *call, cublasHandle_t h)
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
    if (standin_enter("cublasCreate") != cudaSuccess || standin_context("cublasCreate"))
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
    standin_check_handle("cublasDestroy", handle);
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
    for (size_t i = 0; i < standin_solvers.cap; i++) {
        cusolverDnHandle_t h = standin_set_at(&standin_solvers, i);
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
    standin_check_handle("cublasGetStream", handle);
    if (streamId)
        *streamId = handle->stream;
    pthread_mutex_unlock(&standin_lock);
    return streamId ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_INVALID_VALUE;
}

cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode)
{
    standin_enter("cublasSetPointerMode");
    pthread_mutex_lock(&standin_lock);
    standin_check_handle("cublasSetPointerMode", handle);
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
