/* What cuBLAS and cuSOLVER handles share: a handle belongs to the device
 * current at its creation and runs its calls on the stream set last; the
 * create, destroy and stream entry points and the checks of every queued
 * call, for either library (a row of standin_library: its live handles,
 * its rules' lines and its statuses). */
#include <stdlib.h>

#include "standin.h"

const standin_library standin_cublas = {
    &standin_handles, "cublasSetStream",
    "unknown or destroyed cuBLAS handle",
    "cuBLAS handle used after its stream was destroyed",
    "cuBLAS handle and stream of different devices",
    "cuBLAS call while another device is current",
    CUBLAS_STATUS_SUCCESS, CUBLAS_STATUS_NOT_INITIALIZED, CUBLAS_STATUS_ALLOC_FAILED,
    CUBLAS_STATUS_INVALID_VALUE,
};

const standin_library standin_cusolver = {
    &standin_solvers, "cusolverDnSetStream",
    "unknown or destroyed cuSOLVER handle",
    "cuSOLVER handle used after its stream was destroyed",
    "cuSOLVER handle and stream of different devices",
    "cuSOLVER call while another device is current",
    CUSOLVER_STATUS_SUCCESS, CUSOLVER_STATUS_NOT_INITIALIZED, CUSOLVER_STATUS_ALLOC_FAILED,
    CUSOLVER_STATUS_INVALID_VALUE,
};

standin_handle *standin_handle_live(const standin_library *lib, const char *call,
                                    const void *handle)
{
    if (!standin_set_has(lib->live, handle))
        standin_die(lib->unknown, "%s on handle %p", call, handle);
    return (standin_handle *)handle;
}

standin_handle *standin_handle_check(const standin_library *lib, const char *call,
                                     const void *handle)
{
    standin_handle *h = standin_handle_live(lib, call, handle);
    if (h->stream_destroyed)
        standin_die(lib->after_stream,
                    "%s: destroy the handle before its stream, or set another stream first",
                    call);
    return h;
}

int standin_handle_create(const standin_library *lib, const char *call, int has_out,
                          standin_handle **made)
{
    if (standin_enter(call) != cudaSuccess || standin_context(call))
        return lib->not_initialized;
    if (!has_out)
        return lib->invalid_value;
    standin_handle *h = calloc(1, sizeof *h);
    if (!h)
        return lib->alloc_failed;
    h->device = standin_current();
    pthread_mutex_lock(&standin_lock);
    standin_set_add(lib->live, h);
    pthread_mutex_unlock(&standin_lock);
    *made = h;
    return lib->success;
}

int standin_handle_destroy(const standin_library *lib, const char *call, void *handle)
{
    standin_enter(call);
    pthread_mutex_lock(&standin_lock);
    standin_handle_check(lib, call, handle);
    standin_set_remove(lib->live, handle);
    pthread_mutex_unlock(&standin_lock);
    free(handle);
    return lib->success;
}

int standin_handle_set_stream(const standin_library *lib, const char *call, void *handle,
                              cudaStream_t stream)
{
    standin_enter(call);
    pthread_mutex_lock(&standin_lock);
    standin_handle *h = standin_handle_live(lib, call, handle);
    standin_check_stream(call, stream);
    if (stream->device != h->device)
        standin_die(lib->other_device, "%s: handle of device %d, stream of device %d", call,
                    h->device, stream->device);
    h->stream = stream;
    h->stream_destroyed = 0;
    pthread_mutex_unlock(&standin_lock);
    return lib->success;
}

int standin_handle_get_stream(const standin_library *lib, const char *call, void *handle,
                              cudaStream_t *stream)
{
    standin_enter(call);
    pthread_mutex_lock(&standin_lock);
    standin_handle *h = standin_handle_check(lib, call, handle);
    if (stream)
        *stream = h->stream;
    pthread_mutex_unlock(&standin_lock);
    return stream ? lib->success : lib->invalid_value;
}

cudaError_t standin_handle_enter(const standin_library *lib, const char *call,
                                 const void *handle)
{
    cudaError_t err = standin_enter(call);
    pthread_mutex_lock(&standin_lock);
    standin_handle *h = standin_handle_check(lib, call, handle);
    if (standin_current() != h->device)
        standin_die(lib->not_current, "%s: handle of device %d, current device %d", call,
                    h->device, standin_current());
    if (!h->stream)
        standin_die("the NULL (legacy) stream is not supported by the stand-in",
                    "%s on a handle without %s", call, lib->set_stream);
    if (err != cudaSuccess)
        pthread_mutex_unlock(&standin_lock);
    return err;
}

/* From cudaStreamDestroy (lock held): the handles of either library set
 * to s. */
void standin_forget_stream_in_handles(cudaStream_t s)
{
    const standin_library *libs[] = { &standin_cublas, &standin_cusolver };
    for (size_t l = 0; l < sizeof libs / sizeof *libs; l++)
        for (size_t i = 0; i < libs[l]->live->cap; i++) {
            standin_handle *h = standin_set_at(libs[l]->live, i);
            if (h && h->stream == s)
                h->stream_destroyed = 1;
        }
}
