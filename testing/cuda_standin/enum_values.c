/* Prints the values of the CUDA, cuBLAS and cuSOLVER constants the stand-in
 * declares and the layout of the complex types; testing/cuda_standin_headers.sh
 * builds it against the stand-in's headers and against the toolkit's and
 * compares. */
#include <stddef.h>
#include <stdio.h>

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#define SHOW(x) printf("%s %ld\n", #x, (long)(x))

int main(void)
{
    SHOW(cudaSuccess); SHOW(cudaErrorInvalidValue); SHOW(cudaErrorMemoryAllocation);
    SHOW(cudaErrorInitializationError); SHOW(cudaErrorCudartUnloading);
    SHOW(cudaErrorInvalidPitchValue); SHOW(cudaErrorInvalidDevicePointer);
    SHOW(cudaErrorInvalidMemcpyDirection); SHOW(cudaErrorDevicesUnavailable); SHOW(cudaErrorNoDevice); SHOW(cudaErrorInvalidDevice);
    SHOW(cudaErrorInvalidResourceHandle); SHOW(cudaErrorNotReady); SHOW(cudaErrorIllegalAddress);
    SHOW(cudaErrorHostMemoryAlreadyRegistered); SHOW(cudaErrorHostMemoryNotRegistered);
    SHOW(cudaErrorLaunchFailure); SHOW(cudaErrorNotPermitted); SHOW(cudaErrorNotSupported);
    SHOW(cudaErrorUnknown);
    SHOW(cudaErrorPeerAccessUnsupported); SHOW(cudaErrorPeerAccessAlreadyEnabled);
    SHOW(cudaErrorPeerAccessNotEnabled);
    SHOW(cudaMemcpyHostToHost); SHOW(cudaMemcpyHostToDevice); SHOW(cudaMemcpyDeviceToHost);
    SHOW(cudaMemcpyDeviceToDevice); SHOW(cudaMemcpyDefault);
    SHOW(cudaHostAllocDefault); SHOW(cudaHostAllocPortable); SHOW(cudaHostAllocMapped);
    SHOW(cudaHostAllocWriteCombined); SHOW(cudaHostRegisterDefault);
    SHOW(cudaHostRegisterPortable); SHOW(cudaHostRegisterMapped);
    SHOW(cudaStreamDefault); SHOW(cudaStreamNonBlocking);
    SHOW(cudaEventDefault); SHOW(cudaEventBlockingSync); SHOW(cudaEventDisableTiming);
    SHOW((long)cudaStreamLegacy); SHOW((long)cudaStreamPerThread);
    SHOW(sizeof(cudaUUID_t)); SHOW(sizeof(cudaStream_t)); SHOW(sizeof(cudaEvent_t));
    SHOW(CUBLAS_STATUS_SUCCESS); SHOW(CUBLAS_STATUS_NOT_INITIALIZED);
    SHOW(CUBLAS_STATUS_ALLOC_FAILED); SHOW(CUBLAS_STATUS_INVALID_VALUE);
    SHOW(CUBLAS_STATUS_ARCH_MISMATCH); SHOW(CUBLAS_STATUS_MAPPING_ERROR);
    SHOW(CUBLAS_STATUS_EXECUTION_FAILED); SHOW(CUBLAS_STATUS_INTERNAL_ERROR);
    SHOW(CUBLAS_STATUS_NOT_SUPPORTED); SHOW(CUBLAS_STATUS_LICENSE_ERROR);
    SHOW(CUBLAS_FILL_MODE_LOWER); SHOW(CUBLAS_FILL_MODE_UPPER); SHOW(CUBLAS_FILL_MODE_FULL);
    SHOW(CUBLAS_DIAG_NON_UNIT); SHOW(CUBLAS_DIAG_UNIT);
    SHOW(CUBLAS_SIDE_LEFT); SHOW(CUBLAS_SIDE_RIGHT);
    SHOW(CUBLAS_OP_N); SHOW(CUBLAS_OP_T); SHOW(CUBLAS_OP_C);
    SHOW(CUBLAS_POINTER_MODE_HOST); SHOW(CUBLAS_POINTER_MODE_DEVICE);
    SHOW(CUSOLVER_STATUS_SUCCESS); SHOW(CUSOLVER_STATUS_NOT_INITIALIZED);
    SHOW(CUSOLVER_STATUS_ALLOC_FAILED); SHOW(CUSOLVER_STATUS_INVALID_VALUE);
    SHOW(CUSOLVER_STATUS_ARCH_MISMATCH); SHOW(CUSOLVER_STATUS_MAPPING_ERROR);
    SHOW(CUSOLVER_STATUS_EXECUTION_FAILED); SHOW(CUSOLVER_STATUS_INTERNAL_ERROR);
    SHOW(sizeof(cusolverDnHandle_t)); SHOW(sizeof(cusolverDnParams_t));
    SHOW(CUBLAS_STOREV_COLUMNWISE); SHOW(CUBLAS_STOREV_ROWWISE);
    SHOW(CUBLAS_DIRECT_FORWARD); SHOW(CUBLAS_DIRECT_BACKWARD);
    SHOW(CUDA_R_32F); SHOW(CUDA_R_64F); SHOW(CUDA_C_32F); SHOW(CUDA_C_64F);
    SHOW(sizeof(cudaDataType)); SHOW(sizeof(cusolverStorevMode_t));
    SHOW(sizeof(cuComplex)); SHOW(_Alignof(cuComplex)); SHOW(offsetof(cuComplex, y));
    SHOW(sizeof(cuDoubleComplex)); SHOW(_Alignof(cuDoubleComplex));
    SHOW(offsetof(cuDoubleComplex, y));
    return 0;
}
