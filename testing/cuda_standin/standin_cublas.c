/* cuBLAS handles on the host (what they share with cuSOLVER's:
 * standin_handles.c); host pointer mode only.  The level-3 routines are
 * in standin_cublas_level3.c. */

#include "standin.h"

/* cublasCreate_v2, cublasDestroy_v2, cublasSetStream_v2, cublasGetStream_v2 */
STANDIN_HANDLE_ENTRY_POINTS(standin_cublas, cublas, _v2, cublasHandle_t, cublasStatus_t)

cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode)
{
    standin_enter("cublasSetPointerMode");
    pthread_mutex_lock(&standin_lock);
    standin_handle_check(&standin_cublas, "cublasSetPointerMode", handle);
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
