/* A spread LU panel's member whose rows lie in an accelerator's memory
 * (kernels/lu_spread_panel.h, rows->device): the member's work on its
 * rows as device operations on one stream, issued and waited for by the
 * calling thread, which alone issues kernels to that device meanwhile.
 * The column's search is the device's I?AMAX, its offered rows come to
 * the host's record (pinned memory); the exchanged records go back to
 * the device in one copy, and everything else happens there: the chosen
 * rows copied into place and into the step's pivot rows (a device copy
 * of the records), the column scaled by the pivot (a 1 x 1 triangular
 * solve; a pivot below the safe minimum is divided on the host, as
 * ?GETF2 divides), and each update's U12 solved from the step's pivot
 * rows, written into the member's own pivot rows and applied by a GEMM.
 * A column thus crosses the link three times (four for the member that
 * holds the diagonal row, which also offers it), twice waited for: the
 * round trip that testing/gpu/spread_column.c times on a GPU. */
#ifndef HETSCAL_KERNELS_LU_SPREAD_DEVICE_H
#define HETSCAL_KERNELS_LU_SPREAD_DEVICE_H

#include <stddef.h>

#include "device/device.h"
#include "kernels/lu_spread_panel.h"

/* The transfers between host and device on a device member's path a
 * column, for the model: the search's index, the offered and diagonal
 * rows out (waited for), the records in; their bytes are the two rows
 * out and the records' two rows a member in (hs_lu_spread_record_bytes). */
enum { HS_LU_SPREAD_DEVICE_COPIES = 4 };

typedef struct hs_lu_spread_dev {
    hs_device *dev;
    int stream, prec, w;
    size_t es;     /* bytes of a value */
    void *u;       /* device: the step's pivot rows, the r-th at row r
                      of HS_LU_SPREAD_IB x w, ld HS_LU_SPREAD_IB */
    void *recs;    /* device: the column's records, every member's */
    size_t recs_bytes;
    void *sums;    /* device: w values, the finiteness check's */
    void *zeros;   /* device: m zeros, for the finiteness check */
    void *host;    /* pinned: max(m, w) values, its staging */
    size_t size[4];   /* the device buffers' sizes in their cache */
} hs_lu_spread_dev;

/* Device scratch for a member of m rows of a w-wide panel of precision
 * prec whose team's records take recs_bytes, its operations on `stream`
 * of dev.  0 or HETSCAL_ERR_NOMEM (then close it all the same). */
int hs_lu_spread_dev_open(hs_lu_spread_dev *d, hs_device *dev, int stream, int prec, int m, int w,
                          size_t recs_bytes);
/* Waits for the stream, frees the scratch. */
void hs_lu_spread_dev_close(hs_lu_spread_dev *d);

/* Everything issued so far has run. */
int hs_lu_spread_dev_wait(hs_lu_spread_dev *d);

/* Pinned host memory of `bytes` (NULL: none left), and back. */
void *hs_lu_spread_dev_host_alloc(hs_lu_spread_dev *d, size_t bytes);
void hs_lu_spread_dev_host_free(hs_lu_spread_dev *d, void *p);

/* The n values of col (device) searched: *at the 0-based place of the
 * first largest, -1 for none; waits for the answer. */
int hs_lu_spread_dev_search(hs_lu_spread_dev *d, const void *col, int n, int *at);

/* Whether the member's m rows (device, ld apart) are all finite, in
 * *finite; waits for the answer (a pass over the rows: the product of
 * their transpose with zeros is 0 where every value is finite). */
int hs_lu_spread_dev_finite(hs_lu_spread_dev *d, const void *a, int ld, int m, int *finite);

/* Copies n values of a row from the device (ld apart) to the host
 * (contiguous); enqueued: wait before reading or reusing host. */
int hs_lu_spread_dev_row_out(hs_lu_spread_dev *d, const void *row, int ld, int n, void *host);
/* Copies n values of a row within the device, src's lds apart, dst's
 * ldd apart. */
int hs_lu_spread_dev_row_copy(hs_lu_spread_dev *d, const void *src, int lds, void *dst, int ldd,
                              int n);
/* A block of m x n values between the device and the host. */
int hs_lu_spread_dev_block(hs_lu_spread_dev *d, int dir, int m, int n, const void *src, int lds,
                           void *dst, int ldd);

/* The exchanged records (host, recs_bytes at all) to the device; the
 * device's copy of what lies at host address p of them. */
int hs_lu_spread_dev_records_in(hs_lu_spread_dev *d, const void *all);
static inline const void *hs_lu_spread_dev_record(const hs_lu_spread_dev *d, const void *all,
                                                  const void *p)
{
    return (const char *)d->recs + ((const char *)p - (const char *)all);
}

/* The step's pivot row r (device memory, n = w values ld 1) from src. */
int hs_lu_spread_dev_take_row(hs_lu_spread_dev *d, int r, const void *src);

/* Column j's scaling, the step's r-th: the `rows` values of the column
 * at col (device) divided by the pivot, value j of pivot row r. */
int hs_lu_spread_dev_scale(hs_lu_spread_dev *d, int r, int j, void *col, int rows);

/* The step's pivot rows r .. r + kb - 1 (columns a .. a + kb - 1) solved
 * right of them, in columns c .. c + n - 1: U12 = L11^-1 A12 in place;
 * the address of U12's row i (values HS_LU_SPREAD_IB apart); and the
 * update c -= l21 U12 of mm rows (l21 and c ld apart). */
int hs_lu_spread_dev_solve(hs_lu_spread_dev *d, int r, int kb, int a, int c, int n);
static inline const void *hs_lu_spread_dev_u12_row(const hs_lu_spread_dev *d, int r, int i,
                                                   int c)
{
    return (const char *)d->u + ((size_t)r + i + (size_t)c * HS_LU_SPREAD_IB) * d->es;
}
int hs_lu_spread_dev_update(hs_lu_spread_dev *d, int r, int kb, int c, int n, const void *l21,
                            void *cc, int ld, int mm);

#endif
