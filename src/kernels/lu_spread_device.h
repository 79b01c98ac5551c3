/* A spread LU panel's member whose rows lie in an accelerator's memory
 * (kernels/lu_spread_panel.h, rows->device): the member's work on its
 * rows as device operations on one stream, issued and waited for by the
 * calling thread, which alone issues kernels to that device meanwhile.
 * The column's search is the device's I?AMAX, its offered rows come to
 * the host's record (pinned memory), the chosen rows go back, the column
 * is scaled by the pivot (a 1 x 1 triangular solve; a pivot below the
 * safe minimum is divided on the host, as ?GETF2 divides), and the
 * updates of the step's halves and the step's closing one are GEMMs.  Only the
 * records and the step's pivot rows travel: each column waits twice for
 * the device (the search's index, then the offered rows), which is the
 * round trip that testing/gpu/spread_column.c times on a GPU. */
#ifndef HETSCAL_KERNELS_LU_SPREAD_DEVICE_H
#define HETSCAL_KERNELS_LU_SPREAD_DEVICE_H

#include <stddef.h>

#include "device/device.h"

/* The transfers between host and device on a device member's path a
 * column, for the model: the search's index and the offered row out
 * (waited for), then, before the next column's search on the stream,
 * the chosen row in, the pivot in and, an update a column on average
 * (a step's halves), its U12 in; and their bytes in panel rows (the
 * offered, diagonal and chosen rows, U12). */
enum { HS_LU_SPREAD_DEVICE_COPIES = 5, HS_LU_SPREAD_DEVICE_ROWS = 4 };

typedef struct hs_lu_spread_dev {
    hs_device *dev;
    int stream, prec, w;
    size_t es;     /* bytes of a value */
    void *u;       /* device: the step's pivots, the r-th at r */
    void *u12;     /* device: an update's U12, kb x n, ld kb */
    void *zeros;   /* device: m zeros, for the finiteness check */
    void *host;    /* pinned: max(m, w) values, its staging */
    int m;
} hs_lu_spread_dev;

/* Device scratch for a member of m rows of a w-wide panel of precision
 * prec, its operations on `stream` of dev.  0 or HETSCAL_ERR_NOMEM (then
 * close it all the same). */
int hs_lu_spread_dev_open(hs_lu_spread_dev *d, hs_device *dev, int stream, int prec, int m, int w);
/* Waits for the stream, frees the scratch. */
void hs_lu_spread_dev_close(hs_lu_spread_dev *d);

/* Everything issued so far has run. */
int hs_lu_spread_dev_wait(hs_lu_spread_dev *d);

/* Host memory (pinned where the device has it) of `bytes`, and back. */
void *hs_lu_spread_dev_host_alloc(hs_lu_spread_dev *d, size_t bytes);
void hs_lu_spread_dev_host_free(hs_lu_spread_dev *d, void *p);

/* The n values of col (device) searched: *at the 0-based place of the
 * first largest, -1 for none; waits for the answer. */
int hs_lu_spread_dev_search(hs_lu_spread_dev *d, const void *col, int n, int *at);

/* Whether the member's m rows (device, ld apart) are all finite, in
 * *finite; waits for the answer (a pass over the rows: the product of
 * their transpose with zeros is 0 where every value is finite). */
int hs_lu_spread_dev_finite(hs_lu_spread_dev *d, const void *a, int ld, int m, int *finite);

/* Copies n values of a row between the device (ld apart) and the host
 * (host_ld apart); enqueued: wait before reading or reusing host. */
int hs_lu_spread_dev_row_out(hs_lu_spread_dev *d, const void *row, int ld, int n, void *host);
int hs_lu_spread_dev_row_in(hs_lu_spread_dev *d, void *row, int ld, int n, const void *host,
                            int host_ld);
/* A block of m x n values between the device and the host. */
int hs_lu_spread_dev_block(hs_lu_spread_dev *d, int dir, int m, int n, const void *src, int lds,
                           void *dst, int ldd);

/* Column j's scaling, the step's r-th: the pivot (host, one value) to
 * the device, then the `rows` values of the column at col (device)
 * divided by it. */
int hs_lu_spread_dev_scale(hs_lu_spread_dev *d, const void *pivot, int r, void *col, int rows);

/* An update of columns by the ones to their left: U12 (host, kb x n,
 * ld kb) to the device, then c -= l21 U12 (mm rows, l21 and c ld
 * apart). */
int hs_lu_spread_dev_update(hs_lu_spread_dev *d, const void *u12, int kb, int n, const void *l21,
                            void *c, int ld, int mm);

#endif
