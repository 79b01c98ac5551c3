/* The host as a device: malloc'd memory, synchronous copies and host BLAS
 * kernels, events that are always complete.  The reference implementation
 * of device.h, and device 0 of every rank. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "device/backends.h"
#include "include/hetscal.h"

static char cpu_event;   /* every cpu event: already complete */

static void cpu_close(hs_device *dev)
{
    free(dev);
}

static int cpu_free(hs_device *dev, void *ptr)
{
    hs_host_memory_free(dev, ptr);
    return 0;
}

static int bad_stream(hs_device *dev, int stream)
{
    return stream < 0 || stream >= dev->nstreams;
}

static int cpu_copy(hs_device *dev, int stream, int dir, int m, int n, int esize,
                    const void *src, int lds, void *dst, int ldd)
{
    if (bad_stream(dev, stream) || hs_copy_check(dir, m, n, esize, src, lds, dst, ldd))
        return HETSCAL_ERR_DEVICE;
    hs_copy_host(m, n, esize, src, lds, dst, ldd);
    return 0;
}

static int cpu_kernel(hs_device *dev, int stream, const hs_kernel_call *call)
{
    if (bad_stream(dev, stream) || hs_kernel_call_check(call))
        return HETSCAL_ERR_DEVICE;
    return hs_kernel_call_host(call);
}

static int cpu_event_record(hs_device *dev, int stream, hs_event **ev)
{
    if (bad_stream(dev, stream))
        return HETSCAL_ERR_DEVICE;
    *ev = (hs_event *)(void *)&cpu_event;
    return 0;
}

static int cpu_event_query(hs_device *dev, hs_event *ev)
{
    (void)dev;
    return ev == (hs_event *)(void *)&cpu_event ? 1 : HETSCAL_ERR_DEVICE;
}

static int cpu_event_wait(hs_device *dev, hs_event *ev)
{
    return cpu_event_query(dev, ev) == 1 ? 0 : HETSCAL_ERR_DEVICE;
}

static void cpu_event_free(hs_device *dev, hs_event *ev)
{
    (void)dev;
    (void)ev;
}

static int cpu_stream_wait(hs_device *dev, int stream, hs_event *ev)
{
    return bad_stream(dev, stream) ? HETSCAL_ERR_DEVICE : cpu_event_wait(dev, ev);
}

/* Runs fn at once, on the calling thread. */
static int cpu_callback(hs_device *dev, int stream, void (*fn)(void *), void *arg)
{
    if (bad_stream(dev, stream) || !fn)
        return HETSCAL_ERR_DEVICE;
    fn(arg);
    return 0;
}

static int cpu_synchronize(hs_device *dev)
{
    (void)dev;
    return 0;
}

static const hs_device_ops cpu_ops = {
    HS_DEVICE_OPS_NAMED(cpu),
    HS_DEVICE_OPS_PLAIN_HOST_BUFFERS,
    .alloc = hs_host_memory_alloc,   /* the host's memory is its device memory */
    .free = cpu_free,
};

hs_device *hs_cpu_device_open(void)
{
    hs_device *dev = calloc(1, sizeof *dev);
    if (!dev)
        return NULL;
    dev->ops = &cpu_ops;
    dev->kind = HS_DEV_CPU;
    dev->index = 0;
    dev->nstreams = HS_NSTREAMS;
    dev->capacity = SIZE_MAX;
    strcpy(dev->name, "cpu");
    strcpy(dev->model, "host");
    return dev;
}
