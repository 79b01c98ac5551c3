/* A rate probe's matrix, from the host to the device (see probe_matrix.h). */
#include "config.h"

#include "runtime/probe_matrix.h"

int hs_probe_matrix_upload(hs_device *dev, int n, void (*fill)(double *host, int n),
                           double *const *dst, int ndst)
{
    double *host = dev->ops->host_alloc(dev, (size_t)n * n * sizeof(double));
    if (!host)
        return -1;
    fill(host, n);
    /* The host device's buffers are host memory too. */
    int dir = dev->index ? HS_COPY_H2D : HS_COPY_D2D, err = 0;
    for (int i = 0; i < ndst && !err; i++)
        err = dev->ops->copy(dev, HS_STREAM_COMPUTE, dir, n, n, (int)sizeof(double), host, n,
                             dst[i], n);
    err = err || dev->ops->synchronize(dev);
    dev->ops->host_free(dev, host);
    return err;
}
