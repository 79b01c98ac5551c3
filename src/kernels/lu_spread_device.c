/* A spread LU panel's member on an accelerator (see lu_spread_device.h). */
#include "config.h"

#include <string.h>

#include "include/hetscal.h"
#include "kernels/lu_spread_device.h"
#include "kernels/lu_spread_panel.h"
#include "runtime/device_memory.h"
#include "util/precision.h"

static char *at(void *base, size_t values, size_t es)
{
    return (char *)base + values * es;
}

/* The buffers come from the runtime's caches (runtime/device_memory.h),
 * never from the device directly: freeing device or pinned memory
 * synchronizes the whole device, which would stall every other kernel
 * on it at each part's end, and pinning costs milliseconds.  A cache
 * hands back a buffer of the same size: sizes are powers of two, so
 * that the parts of a call's panels, whose rows shrink, find them. */
static size_t cached_size(size_t bytes)
{
    size_t size = 4096;
    while (size < bytes)
        size *= 2;
    return size;
}

static void *device_get(hs_lu_spread_dev *d, size_t bytes, size_t *size)
{
    *size = cached_size(bytes);
    return hs_devmem_get(d->dev, *size);
}

/* A pinned buffer keeps its size in a head before what it hands out. */
enum { HOST_HEAD = 64 };

void *hs_lu_spread_dev_host_alloc(hs_lu_spread_dev *d, size_t bytes)
{
    size_t size = cached_size(bytes + HOST_HEAD);
    char *p = hs_pinned_get(d->dev, size);
    if (!p)
        return NULL;
    memcpy(p, &size, sizeof size);
    return p + HOST_HEAD;
}

void hs_lu_spread_dev_host_free(hs_lu_spread_dev *d, void *q)
{
    if (!q)
        return;
    char *p = (char *)q - HOST_HEAD;
    size_t size;
    memcpy(&size, p, sizeof size);
    hs_pinned_put(d->dev, p, size);
}

int hs_lu_spread_dev_wait(hs_lu_spread_dev *d)
{
    hs_event *ev;
    int err = d->dev->ops->event_record(d->dev, d->stream, &ev);
    if (err)
        return err;
    err = d->dev->ops->event_wait(d->dev, ev);
    d->dev->ops->event_free(d->dev, ev);
    return err;
}

int hs_lu_spread_dev_open(hs_lu_spread_dev *d, hs_device *dev, int stream, int prec, int m, int w,
                          size_t recs_bytes)
{
    *d = (hs_lu_spread_dev){ .dev = dev, .stream = stream, .prec = prec, .w = w,
                             .es = hs_prec_bytes(prec), .recs_bytes = recs_bytes };
    size_t width = (size_t)(w > 0 ? w : 1);
    size_t zeros = (size_t)(m > 0 ? m : 1) * d->es;
    size_t stage = (size_t)(m > w ? m : w > 0 ? w : 1) * d->es;
    d->u = device_get(d, (size_t)HS_LU_SPREAD_IB * width * d->es, &d->size[0]);
    d->recs = device_get(d, recs_bytes, &d->size[1]);
    d->sums = device_get(d, width * d->es, &d->size[2]);
    d->zeros = device_get(d, zeros, &d->size[3]);
    d->host = hs_lu_spread_dev_host_alloc(d, stage);
    if (!d->u || !d->recs || !d->sums || !d->zeros || !d->host)
        return HETSCAL_ERR_NOMEM;
    memset(d->host, 0, stage);
    int err = dev->ops->copy(dev, stream, HS_COPY_H2D, (int)(zeros / d->es), 1, (int)d->es,
                             d->host, (int)(zeros / d->es), d->zeros, (int)(zeros / d->es));
    if (!err)
        err = hs_lu_spread_dev_wait(d);
    if (err)
        (void)dev->ops->synchronize(dev);
    return err;
}

void hs_lu_spread_dev_close(hs_lu_spread_dev *d)
{
    if (!d->dev)
        return;
    (void)hs_lu_spread_dev_wait(d);
    void *p[] = { d->u, d->recs, d->sums, d->zeros };
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++)
        if (p[i])
            hs_devmem_put(d->dev, p[i], d->size[i]);
    hs_lu_spread_dev_host_free(d, d->host);
    d->u = d->recs = d->sums = d->zeros = d->host = NULL;
}

int hs_lu_spread_dev_search(hs_lu_spread_dev *d, const void *col, int n, int *where)
{
    int index = 0;
    *where = -1;
    if (n <= 0)
        return 0;
    int err = hs_dev_iamax(d->dev, d->stream, d->prec, n, col, 1, &index);
    if (!err)
        err = hs_lu_spread_dev_wait(d);
    if (!err && (index < 1 || index > n))
        err = HETSCAL_ERR_DEVICE;   /* not an I?AMAX answer */
    if (!err)
        *where = index - 1;
    return err;
}

int hs_lu_spread_dev_finite(hs_lu_spread_dev *d, const void *a, int ld, int m, int *finite)
{
    *finite = 1;
    if (m <= 0 || d->w <= 0)
        return 0;
    /* column c's sum of zero times each value: NaN where one is not
     * finite (0 x Inf and 0 x NaN are NaN), else 0 */
    void *sums = d->sums, *host = d->host;
    int err = hs_dev_gemm(d->dev, d->stream, d->prec, 'T', 'N', d->w, 1, m, 1, a, ld, d->zeros, m,
                          0, sums, d->w);
    if (!err)
        err = d->dev->ops->copy(d->dev, d->stream, HS_COPY_D2H, d->w, 1, (int)d->es, sums, d->w,
                                host, d->w);
    if (!err)
        err = hs_lu_spread_dev_wait(d);
    int reals = d->w * (hs_prec_complex(d->prec) ? 2 : 1);
    for (int i = 0; !err && i < reals && *finite; i++) {
        double v = d->prec == HS_PREC_S || d->prec == HS_PREC_C ? ((const float *)host)[i]
                                                                  : ((const double *)host)[i];
        *finite = v == 0;
    }
    return err;
}

int hs_lu_spread_dev_row_out(hs_lu_spread_dev *d, const void *row, int ld, int n, void *host)
{
    return d->dev->ops->copy(d->dev, d->stream, HS_COPY_D2H, 1, n, (int)d->es, row, ld, host, 1);
}

int hs_lu_spread_dev_row_copy(hs_lu_spread_dev *d, const void *src, int lds, void *dst, int ldd,
                              int n)
{
    return d->dev->ops->copy(d->dev, d->stream, HS_COPY_D2D, 1, n, (int)d->es, src, lds, dst,
                             ldd);
}

int hs_lu_spread_dev_block(hs_lu_spread_dev *d, int dir, int m, int n, const void *src, int lds,
                           void *dst, int ldd)
{
    return d->dev->ops->copy(d->dev, d->stream, dir, m, n, (int)d->es, src, lds, dst, ldd);
}

int hs_lu_spread_dev_records_in(hs_lu_spread_dev *d, const void *all)
{
    /* as doubles, what the records are made of */
    int n = (int)(d->recs_bytes / sizeof(double));
    return d->dev->ops->copy(d->dev, d->stream, HS_COPY_H2D, n, 1, (int)sizeof(double), all, n,
                             d->recs, n);
}

int hs_lu_spread_dev_take_row(hs_lu_spread_dev *d, int r, const void *src)
{
    return hs_lu_spread_dev_row_copy(d, src, 1, at(d->u, (size_t)r, d->es), HS_LU_SPREAD_IB,
                                     d->w);
}

int hs_lu_spread_dev_scale(hs_lu_spread_dev *d, int r, int j, void *col, int rows)
{
    if (rows <= 0)
        return 0;
    const void *pivot = at(d->u, (size_t)r + (size_t)j * HS_LU_SPREAD_IB, d->es);
    return hs_dev_triangular(d->dev, d->stream, HS_K_TRSM, d->prec, 'R', 'U', 'N', 'N', rows, 1,
                             1, pivot, 1, col, rows);
}

int hs_lu_spread_dev_solve(hs_lu_spread_dev *d, int r, int kb, int a, int c, int n)
{
    if (n <= 0 || kb <= 0)
        return 0;
    enum { IB = HS_LU_SPREAD_IB };
    const void *l11 = at(d->u, (size_t)r + (size_t)a * IB, d->es);
    void *a12 = at(d->u, (size_t)r + (size_t)c * IB, d->es);
    return hs_dev_triangular(d->dev, d->stream, HS_K_TRSM, d->prec, 'L', 'L', 'N', 'U', kb, n, 1,
                             l11, IB, a12, IB);
}

int hs_lu_spread_dev_update(hs_lu_spread_dev *d, int r, int kb, int c, int n, const void *l21,
                            void *cc, int ld, int mm)
{
    if (n <= 0 || kb <= 0 || mm <= 0)
        return 0;
    const void *u12 = at(d->u, (size_t)r + (size_t)c * HS_LU_SPREAD_IB, d->es);
    return hs_dev_gemm(d->dev, d->stream, d->prec, 'N', 'N', mm, n, kb, -1, l21, ld, u12,
                       HS_LU_SPREAD_IB, 1, cc, ld);
}
