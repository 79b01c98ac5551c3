/* The version queries of the runtime, cuBLAS and cuSOLVER (hetscal-info
 * prints them).  The stand-in answers the release its headers follow,
 * CUDART_VERSION, for the runtime and the libraries alike, and a driver
 * of that release while it shows devices (none without: 0, as CUDA
 * answers on a machine without a driver). */
#include "standin.h"

cudaError_t cudaRuntimeGetVersion(int *runtimeVersion)
{
    if (!runtimeVersion)
        return standin_null_argument("cudaRuntimeGetVersion", "runtimeVersion");
    *runtimeVersion = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *driverVersion)
{
    if (!driverVersion)
        return standin_null_argument("cudaDriverGetVersion", "driverVersion");
    /* Reads the stand-in's configuration (the visible devices) first. */
    standin_enter("cudaDriverGetVersion");
    *driverVersion = standin_cfg.visible > 0 ? CUDART_VERSION : 0;
    return cudaSuccess;
}

/* MAJOR.MINOR.PATCH of CUDART_VERSION. */
static int property(libraryPropertyType type, int *value)
{
    if (!value)
        return -1;
    switch (type) {
    case MAJOR_VERSION: *value = CUDART_VERSION / 1000; return 0;
    case MINOR_VERSION: *value = CUDART_VERSION % 1000 / 10; return 0;
    case PATCH_LEVEL: *value = 0; return 0;
    default: return -1;
    }
}

cublasStatus_t cublasGetProperty(libraryPropertyType type, int *value)
{
    return property(type, value) == 0 ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_INVALID_VALUE;
}

cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int *value)
{
    return property(type, value) == 0 ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_INVALID_VALUE;
}
