/* Device memory (host memory counted against the device's capacity,
 * poisoned with NaN when freed) and pinned host memory (allocated or
 * registered), all in the allocation table that copies and kernels are
 * checked against. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "standin.h"

enum { DEVICE_ALIGN = 256 };

static void poison(void *p, size_t bytes)
{
    static const uint64_t nan_bits = UINT64_C(0x7FF4DEADDEADBEEF);   /* signalling NaN */
    char *c = p;
    size_t i = 0;
    for (; i + sizeof nan_bits <= bytes; i += sizeof nan_bits)
        memcpy(c + i, &nan_bits, sizeof nan_bits);
    memset(c + i, 0xFF, bytes - i);
}

cudaError_t cudaMalloc(void **devPtr, size_t size)
{
    cudaError_t err = standin_enter("cudaMalloc");
    void *p = NULL;
    if (err || (err = standin_context("cudaMalloc")))
        return err;
    if (!devPtr)
        return standin_null_argument("cudaMalloc", "devPtr");
    *devPtr = NULL;
    if (size == 0)
        return cudaSuccess;
    size_t rounded = (size + DEVICE_ALIGN - 1) / DEVICE_ALIGN * DEVICE_ALIGN;
    pthread_mutex_lock(&standin_lock);
    standin_device *d = &standin_dev[standin_current()];
    if (rounded < size || rounded > d->capacity - d->used ||
        posix_memalign(&p, DEVICE_ALIGN, size) != 0) {
        pthread_mutex_unlock(&standin_lock);
        return standin_result(cudaErrorMemoryAllocation);   /* not sticky */
    }
    d->used += rounded;
    poison(p, size);
    standin_alloc_add(p, size, standin_current());
    pthread_mutex_unlock(&standin_lock);
    *devPtr = p;
    return cudaSuccess;
}

/* CUDA synchronizes the device before freeing. */
cudaError_t cudaFree(void *devPtr)
{
    cudaError_t err = standin_enter("cudaFree");
    if (err)
        return err;
    if (!devPtr)   /* cudaFree(0): the idiom that makes the context */
        return standin_context("cudaFree");
    pthread_mutex_lock(&standin_lock);
    const standin_alloc *a = standin_alloc_find(devPtr);
    if (!a || a->base != devPtr || a->device < 0)
        return standin_leave(standin_error(
            cudaErrorInvalidValue, "cudaFree of a pointer that is not a device allocation",
            "%p%s", devPtr,
            a ? (a->device < 0 ? " (pinned host memory)" : " (inside an allocation)") : ""));
    int dev = a->device;
    size_t size = a->size;
    err = standin_device_drain(dev);
    a = NULL;   /* the table may have changed while waiting */
    if (standin_alloc_find(devPtr) == NULL)
        return standin_leave(standin_error(
            cudaErrorInvalidValue, "cudaFree of a pointer that is not a device allocation",
            "%p was freed by another thread meanwhile", devPtr));
    /* CUDA waits for the device's own work only: a peer copy queued on
     * another device's stream may still read or write the memory. */
    if (err == cudaSuccess)
        standin_check_untouched("cudaFree", "device memory freed while a queued operation of "
                                "another device uses it", devPtr, size, dev);
    standin_mpi_check_free(devPtr, size);
    standin_alloc_remove(devPtr);
    standin_dev[dev].used -= (size + DEVICE_ALIGN - 1) / DEVICE_ALIGN * DEVICE_ALIGN;
    pthread_mutex_unlock(&standin_lock);
    poison(devPtr, size);
    free(devPtr);
    return standin_result(err);
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags)
{
    cudaError_t err = standin_enter("cudaHostAlloc");
    void *p = NULL;
    if (err || (err = standin_context("cudaHostAlloc")))
        return err;
    if (!pHost || (flags & ~(unsigned)(cudaHostAllocPortable | cudaHostAllocMapped |
                                       cudaHostAllocWriteCombined)))
        return standin_error(cudaErrorInvalidValue, "invalid argument",
                             "cudaHostAlloc: pHost %p, flags %#x", (void *)pHost, flags);
    *pHost = NULL;
    if (size == 0)
        return cudaSuccess;
    if (posix_memalign(&p, 4096, size) != 0)
        return standin_result(cudaErrorMemoryAllocation);
    pthread_mutex_lock(&standin_lock);
    standin_alloc_add(p, size, STANDIN_PINNED);
    pthread_mutex_unlock(&standin_lock);
    *pHost = p;
    return cudaSuccess;
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    return cudaHostAlloc(ptr, size, cudaHostAllocDefault);
}

/* Releases the pinned host memory that begins at ptr, which must be of
 * kind (STANDIN_PINNED or STANDIN_REGISTERED); otherwise CUDA returns
 * not_kind and the stand-in says rule.  Loud if a queued operation still
 * uses the memory. */
static cudaError_t unpin(const char *call, void *ptr, int kind, cudaError_t not_kind,
                         const char *rule)
{
    cudaError_t err = standin_enter_locked(call);
    if (err)
        return err;
    const standin_alloc *a = standin_alloc_find(ptr);
    if (!a || a->base != ptr || a->device != kind)
        return standin_leave(standin_error(not_kind, rule, "%p", ptr));
    standin_check_untouched(call, "pinned memory released while a queued operation uses it",
                            ptr, a->size, -1);
    standin_alloc_remove(ptr);
    return standin_leave(cudaSuccess);
}

cudaError_t cudaFreeHost(void *ptr)
{
    if (!ptr)
        return standin_enter("cudaFreeHost");
    cudaError_t err = unpin("cudaFreeHost", ptr, STANDIN_PINNED, cudaErrorInvalidValue,
                            "cudaFreeHost of a pointer that is not from cudaHostAlloc");
    if (err == cudaSuccess)
        free(ptr);
    return err;
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
    cudaError_t err = standin_enter("cudaHostRegister");
    if (err || (err = standin_context("cudaHostRegister")))
        return err;
    if (!ptr || size == 0 ||
        (flags & ~(unsigned)(cudaHostRegisterPortable | cudaHostRegisterMapped)))
        return standin_error(cudaErrorInvalidValue, "invalid argument",
                             "cudaHostRegister(%p, %zu, %#x)", ptr, size, flags);
    pthread_mutex_lock(&standin_lock);
    for (size_t off = 0; off < size; off += 4096)   /* page granularity is enough */
        if (standin_alloc_find((char *)ptr + off) || standin_alloc_find((char *)ptr + size - 1))
            return standin_leave(standin_error(
                cudaErrorHostMemoryAlreadyRegistered,
                "cudaHostRegister of memory already pinned or on a device", "%p + %zu bytes", ptr,
                size));
    standin_alloc_add(ptr, size, STANDIN_REGISTERED);
    pthread_mutex_unlock(&standin_lock);
    return cudaSuccess;
}

cudaError_t cudaHostUnregister(void *ptr)
{
    return unpin("cudaHostUnregister", ptr, STANDIN_REGISTERED, cudaErrorHostMemoryNotRegistered,
                 "cudaHostUnregister of memory that cudaHostRegister did not register");
}
