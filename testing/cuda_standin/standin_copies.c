/* Copies and memsets.  Where each pointer lies decides the behaviour CUDA documents
 * for the asynchronous calls: a pageable source is read (staged) before
 * the call returns, a pageable destination is written before it returns;
 * pinned memory is read or written when the copy runs on its stream.  The
 * cudaMemcpyKind must match where the pointers are.  Copies between two
 * devices (cudaMemcpyPeerAsync) take device memory on both sides. */
#include <stdlib.h>
#include <string.h>

#include "standin.h"

enum { PAGEABLE = -3 };

/* The device of p, STANDIN_PINNED when [p, p + extent) is pinned host
 * memory, or PAGEABLE. */
static int place_of(const void *p, size_t extent)
{
    const standin_alloc *a = standin_alloc_find(p);
    if (!a)
        return PAGEABLE;
    if (a->device >= 0)
        return a->device;
    return extent <= a->size - (size_t)((const char *)p - a->base) ? STANDIN_PINNED : PAGEABLE;
}

static const char *kind_name(enum cudaMemcpyKind kind)
{
    static const char *names[] = { "cudaMemcpyHostToHost", "cudaMemcpyHostToDevice",
                                   "cudaMemcpyDeviceToHost", "cudaMemcpyDeviceToDevice",
                                   "cudaMemcpyDefault" };
    return names[kind];
}

/* A side that the kind says is host memory but is device memory. */
static void check_host_side(const char *call, const char *what, const void *p, int want_device,
                            enum cudaMemcpyKind kind)
{
    if (kind != cudaMemcpyDefault && !want_device && place_of(p, 1) >= 0)
        standin_die("cudaMemcpyKind does not match the pointers",
                    "%s: %s, but %s %p is device memory", call, kind_name(kind), what, p);
}

/* Checks one side of a copy (after check_host_side on both); returns its
 * place. */
static int check_side(const char *call, const char *what, const void *p, size_t extent,
                      int want_device, enum cudaMemcpyKind kind, int dev)
{
    int place = place_of(p, extent);
    if (kind == cudaMemcpyDefault)
        want_device = place >= 0;
    if (want_device)
        standin_check_device_extent(call, what, p, extent, dev);
    return place;
}

static void copy_2d(char *dst, size_t dpitch, const char *src, size_t spitch, size_t width,
                    size_t height)
{
    for (size_t r = 0; r < height; r++)
        memcpy(dst + r * dpitch, src + r * spitch, width);
}

static void run_copy(standin_op *op)
{
    copy_2d(op->u.copy.dst, op->u.copy.dpitch, op->u.copy.src, op->u.copy.spitch,
            op->u.copy.width, op->u.copy.height);
}

static void release_copy(standin_op *op)
{
    free(op->u.copy.staged);
}

/* Argument errors CUDA returns; cudaSuccess if the copy may go on. */
static cudaError_t check_arguments(const char *call, void *dst, size_t dpitch, const void *src,
                                   size_t spitch, size_t width, enum cudaMemcpyKind kind)
{
    if ((unsigned)kind > cudaMemcpyDefault)
        return standin_error(cudaErrorInvalidMemcpyDirection, "invalid argument",
                             "%s: cudaMemcpyKind %d", call, (int)kind);
    if (width > dpitch || width > spitch)
        return standin_error(cudaErrorInvalidPitchValue, "width beyond a pitch",
                             "%s: width %zu bytes, dpitch %zu, spitch %zu", call, width, dpitch,
                             spitch);
    if (!dst || !src)
        return standin_error(cudaErrorInvalidValue, "invalid argument", "%s: dst %p, src %p",
                             call, dst, src);
    return cudaSuccess;
}

static int wants_device(enum cudaMemcpyKind kind, int dst_side)
{
    if (dst_side)
        return kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
    return kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
}

/* The start of an asynchronous call on `stream` (loud if it is not one). */
static cudaError_t enter_on_stream(const char *call, cudaStream_t stream)
{
    cudaError_t err = standin_enter(call);
    if (err)
        return err;
    pthread_mutex_lock(&standin_lock);
    standin_check_stream(call, stream);
    pthread_mutex_unlock(&standin_lock);
    return cudaSuccess;
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream)
{
    static const char call[] = "cudaMemcpy2DAsync";
    cudaError_t err = enter_on_stream(call, stream);
    if (err || width == 0 || height == 0)
        return err;
    if ((err = check_arguments(call, dst, dpitch, src, spitch, width, kind)))
        return err;
    size_t dext = (height - 1) * dpitch + width, sext = (height - 1) * spitch + width;
    pthread_mutex_lock(&standin_lock);
    check_host_side(call, "dst", dst, wants_device(kind, 1), kind);
    check_host_side(call, "src", src, wants_device(kind, 0), kind);
    int dplace = check_side(call, "dst", dst, dext, wants_device(kind, 1), kind, stream->device);
    int splace = check_side(call, "src", src, sext, wants_device(kind, 0), kind, stream->device);
    if (standin_cfg.pageable_fails && (dplace == PAGEABLE || splace == PAGEABLE))
        standin_die("an asynchronous copy with pageable host memory (CUDA_STANDIN_PAGEABLE=fail)",
                    "%s: %s %p, %zu bytes: not in memory from cudaHostAlloc or "
                    "cudaHostRegister", call, dplace == PAGEABLE ? "dst" : "src",
                    dplace == PAGEABLE ? dst : (void *)src, dplace == PAGEABLE ? dext : sext);
    standin_op *op = standin_op_new();
    op->run = run_copy;
    op->release = release_copy;
    op->counted = 1;
    op->u.copy = (struct standin_copy){ .dst = dst, .dpitch = dpitch, .src = src,
                                        .spitch = spitch, .width = width, .height = height };
    if (dplace != PAGEABLE) {
        op->touch[0] = dst;
        op->touch_len[0] = dext;
    }
    if (splace != PAGEABLE) {
        op->touch[1] = src;
        op->touch_len[1] = sext;
        op->reads_only = 2u;
    } else {   /* staged before the call returns */
        op->u.copy.staged = malloc(width * height);
        if (!op->u.copy.staged)
            standin_die("out of host memory", "%s: staging %zu bytes", call, width * height);
        copy_2d(op->u.copy.staged, width, src, spitch, width, height);
        op->u.copy.src = op->u.copy.staged;
        op->u.copy.spitch = width;
    }
    op->keep = dplace == PAGEABLE;
    standin_enqueue(stream, op);
    if (op->keep) {   /* written before the call returns */
        while (!op->done && !standin_exiting)
            standin_wait();
        err = op->done > 0 ? cudaSuccess : standin_exiting && !op->done ? cudaErrorCudartUnloading
                                                                        : standin_dev[stream->device].sticky;
        if (op->done) {
            release_copy(op);
            free(op);
        }
    }
    pthread_mutex_unlock(&standin_lock);
    return standin_result(err);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream)
{
    return cudaMemcpy2DAsync(dst, count, src, count, count, 1, kind, stream);
}

/* count bytes of srcDevice's memory to dstDevice's, when the copy runs on
 * its stream.  Without peer access enabled from dstDevice to srcDevice
 * CUDA still copies, staged through the host at a fraction of the speed:
 * the stand-in copies too, counts it and says so (hetscal copies between
 * peers only). */
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                size_t count, cudaStream_t stream)
{
    static const char call[] = "cudaMemcpyPeerAsync";
    cudaError_t err = enter_on_stream(call, stream);
    if (err || count == 0)
        return err;
    if (dstDevice < 0 || dstDevice >= standin_cfg.visible || srcDevice < 0 ||
        srcDevice >= standin_cfg.visible)
        return standin_error(cudaErrorInvalidDevice, "no such device",
                             "%s: dstDevice %d, srcDevice %d with %d visible device(s)", call,
                             dstDevice, srcDevice, standin_cfg.visible);
    if (!dst || !src)
        return standin_error(cudaErrorInvalidValue, "invalid argument", "%s: dst %p, src %p",
                             call, dst, src);
    int dphys = standin_cfg.ordinal_to_physical[dstDevice];
    int sphys = standin_cfg.ordinal_to_physical[srcDevice];
    pthread_mutex_lock(&standin_lock);
    standin_check_device_extent(call, "dst", dst, count, dphys);
    standin_check_device_extent(call, "src", src, count, sphys);
    /* Either device broken for good: the copy cannot run. */
    if ((err = standin_dev[dphys].sticky) || (err = standin_dev[sphys].sticky))
        return standin_leave(err);
    if (dphys != sphys && !standin_dev[dphys].peer_enabled[sphys]) {
        unsigned long n = ++standin_dev[dphys].staged_peer_copies;
        standin_say("a peer copy staged through the host (peer access not enabled)",
                    "%s: device %d from device %d, %zu bytes (%lu such copies so far)", call,
                    dstDevice, srcDevice, count, n);
    }
    standin_op *op = standin_op_new();
    op->run = run_copy;
    op->release = release_copy;
    op->counted = 1;
    op->u.copy = (struct standin_copy){ .dst = dst, .dpitch = count, .src = src,
                                        .spitch = count, .width = count, .height = 1 };
    op->touch[0] = dst;   /* both: a free of either while it is queued is loud */
    op->touch_len[0] = count;
    op->touch[1] = src;
    op->touch_len[1] = count;
    op->reads_only = 2u;
    standin_enqueue(stream, op);
    return standin_leave(cudaSuccess);
}

/* On the legacy stream: after the device's blocking streams' work, done
 * when the call returns.  Runs on the calling thread. */
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    static const char call[] = "cudaMemcpy";
    cudaError_t err = standin_enter(call);
    if (err || count == 0)
        return err;
    if ((err = check_arguments(call, dst, count, src, count, count, kind)))
        return err;
    int dev = standin_current();
    pthread_mutex_lock(&standin_lock);
    check_host_side(call, "dst", dst, wants_device(kind, 1), kind);
    check_host_side(call, "src", src, wants_device(kind, 0), kind);
    check_side(call, "dst", dst, count, wants_device(kind, 1), kind, dev);
    check_side(call, "src", src, count, wants_device(kind, 0), kind, dev);
    for (size_t i = 0; i < standin_streams.cap; i++) {
        cudaStream_t s = standin_set_at(&standin_streams, i);
        if (s && s->device == dev && !(s->flags & cudaStreamNonBlocking))
            standin_stream_drain(s);
    }
    err = standin_dev[dev].sticky;
    if (err == cudaSuccess && standin_count_operation(dev))
        err = standin_dev[dev].sticky;
    pthread_mutex_unlock(&standin_lock);
    if (err == cudaSuccess)
        memcpy(dst, src, count);
    return standin_result(err);
}

static void run_memset(standin_op *op)
{
    for (size_t r = 0; r < op->u.memset.height; r++)
        memset(op->u.memset.dst + r * op->u.memset.pitch, op->u.memset.value,
               op->u.memset.width);
}

/* Device memory only (CUDA's rule for cudaMemset*), written when the
 * operation runs on its stream. */
cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width,
                              size_t height, cudaStream_t stream)
{
    static const char call[] = "cudaMemset2DAsync";
    cudaError_t err = enter_on_stream(call, stream);
    if (err || width == 0 || height == 0)
        return err;
    if (width > pitch || !devPtr)
        return standin_error(cudaErrorInvalidValue, "invalid argument",
                             "%s: devPtr %p, width %zu bytes, pitch %zu", call, devPtr, width,
                             pitch);
    size_t ext = (height - 1) * pitch + width;
    pthread_mutex_lock(&standin_lock);
    standin_check_device_extent(call, "devPtr", devPtr, ext, stream->device);
    standin_op *op = standin_op_new();
    op->run = run_memset;
    op->counted = 1;
    op->u.memset = (struct standin_memset){ .dst = devPtr, .pitch = pitch, .width = width,
                                            .height = height, .value = value };
    op->touch[0] = devPtr;
    op->touch_len[0] = ext;
    standin_enqueue(stream, op);
    pthread_mutex_unlock(&standin_lock);
    return cudaSuccess;
}
