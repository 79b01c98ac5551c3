/* Device selection and description, the last-error calls and the error
 * names, as the CUDA runtime documents them. */
#include <stdio.h>
#include <string.h>

#include "standin.h"

cudaError_t cudaGetDeviceCount(int *count)
{
    standin_enter("cudaGetDeviceCount");   /* not tied to a device: no sticky error */
    if (!count)
        return standin_null_argument("cudaGetDeviceCount", "count");
    *count = standin_cfg.visible;
    return standin_cfg.visible ? cudaSuccess : standin_result(cudaErrorNoDevice);
}

/* Another device may be chosen while the current one has a sticky error;
 * the chosen device's own error is returned. */
cudaError_t cudaSetDevice(int device)
{
    standin_enter("cudaSetDevice");
    if (device < 0 || device >= standin_cfg.visible)
        return standin_error(cudaErrorInvalidDevice, "no such device",
                             "cudaSetDevice(%d) with %d visible device(s)", device,
                             standin_cfg.visible);
    standin_set_current(device);
    /* CUDA 12: the device's primary context is made here. */
    cudaError_t err = standin_context("cudaSetDevice");
    if (err)
        return err;
    pthread_mutex_lock(&standin_lock);
    err = standin_dev[standin_current()].sticky;
    pthread_mutex_unlock(&standin_lock);
    return standin_result(err);
}

cudaError_t cudaGetDevice(int *device)
{
    standin_enter("cudaGetDevice");
    if (!device)
        return standin_null_argument("cudaGetDevice", "device");
    if (standin_cfg.visible == 0)
        return standin_result(cudaErrorNoDevice);
    *device = standin_current_ordinal();
    return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
    cudaError_t err = standin_enter("cudaGetDeviceProperties");
    if (err)
        return err;
    if (!prop)
        return standin_null_argument("cudaGetDeviceProperties", "prop");
    if (device < 0 || device >= standin_cfg.visible)
        return standin_error(cudaErrorInvalidDevice, "no such device",
                             "cudaGetDeviceProperties(%d) with %d visible device(s)", device,
                             standin_cfg.visible);
    int phys = standin_cfg.ordinal_to_physical[device];
    memset(prop, 0, sizeof *prop);
    snprintf(prop->name, sizeof prop->name, "cuda-standin %d", phys);
    prop->uuid = standin_dev[phys].uuid;
    prop->totalGlobalMem = standin_dev[phys].capacity;
    prop->major = 9;
    prop->minor = 0;
    prop->multiProcessorCount = 2;
    prop->pciBusID = phys + 1;
    prop->pciDeviceID = 0;
    return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *free, size_t *total)
{
    cudaError_t err = standin_enter("cudaMemGetInfo");
    if (err || (err = standin_context("cudaMemGetInfo")))
        return err;
    if (!free || !total)
        return standin_error(cudaErrorInvalidValue, "invalid argument",
                             "cudaMemGetInfo(%p, %p)", (void *)free, (void *)total);
    if (standin_cfg.visible == 0)
        return standin_result(cudaErrorNoDevice);
    pthread_mutex_lock(&standin_lock);
    standin_device *d = &standin_dev[standin_current()];
    *free = d->capacity - d->used;
    *total = d->capacity;
    pthread_mutex_unlock(&standin_lock);
    return cudaSuccess;
}

cudaError_t cudaGetLastError(void)
{
    standin_enter("cudaGetLastError");
    return standin_last_error(1);
}

cudaError_t cudaPeekAtLastError(void)
{
    standin_enter("cudaPeekAtLastError");
    return standin_last_error(0);
}

typedef struct error_row { cudaError_t err; const char *name, *text; } error_row;

/* A row: the error, its name (the enumerator's own, spelled once) and its
 * text. */
#define ERROR_ROW(err, text) { err, #err, text }

static const error_row errors[] = {
    ERROR_ROW(cudaSuccess, "no error"),
    ERROR_ROW(cudaErrorInvalidValue, "invalid argument"),
    ERROR_ROW(cudaErrorMemoryAllocation, "out of memory"),
    ERROR_ROW(cudaErrorInitializationError, "initialization error"),
    ERROR_ROW(cudaErrorCudartUnloading, "driver shutting down"),
    ERROR_ROW(cudaErrorInvalidPitchValue, "invalid pitch argument"),
    ERROR_ROW(cudaErrorInvalidDevicePointer, "invalid device pointer"),
    ERROR_ROW(cudaErrorInvalidMemcpyDirection, "invalid copy direction for memcpy"),
    ERROR_ROW(cudaErrorDevicesUnavailable, "CUDA-capable device(s) is/are busy or unavailable"),
    ERROR_ROW(cudaErrorNoDevice, "no CUDA-capable device is detected"),
    ERROR_ROW(cudaErrorInvalidDevice, "invalid device ordinal"),
    ERROR_ROW(cudaErrorPeerAccessUnsupported,
              "peer access is not supported between these two devices"),
    ERROR_ROW(cudaErrorInvalidResourceHandle, "invalid resource handle"),
    ERROR_ROW(cudaErrorNotReady, "device not ready"),
    ERROR_ROW(cudaErrorIllegalAddress, "an illegal memory access was encountered"),
    ERROR_ROW(cudaErrorPeerAccessAlreadyEnabled, "peer access is already enabled"),
    ERROR_ROW(cudaErrorPeerAccessNotEnabled, "peer access has not been enabled"),
    ERROR_ROW(cudaErrorHostMemoryAlreadyRegistered,
              "part or all of the requested memory range is already mapped"),
    ERROR_ROW(cudaErrorHostMemoryNotRegistered,
              "pointer does not correspond to a registered memory region"),
    ERROR_ROW(cudaErrorLaunchFailure, "unspecified launch failure"),
    ERROR_ROW(cudaErrorNotPermitted, "operation not permitted"),
    ERROR_ROW(cudaErrorNotSupported, "operation not supported"),
    ERROR_ROW(cudaErrorUnknown, "unknown error"),
};
#undef ERROR_ROW

/* The row of errors[] for error; NULL when it has none. */
static const error_row *find_error(cudaError_t error)
{
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
        if (errors[i].err == error)
            return &errors[i];
    return NULL;
}

const char *cudaGetErrorName(cudaError_t error)
{
    standin_enter("cudaGetErrorName");
    const error_row *row = find_error(error);
    return row ? row->name : "cudaErrorUnknown";
}

const char *cudaGetErrorString(cudaError_t error)
{
    standin_enter("cudaGetErrorString");
    const error_row *row = find_error(error);
    return row ? row->text : "unrecognized error code";
}
