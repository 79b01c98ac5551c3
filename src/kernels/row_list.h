/* Row copies gathered by a kernel and issued as few HS_K_ROWS calls as
 * their leading dimensions allow (device/device.h hs_dev_rows: one
 * leading dimension for every source row of a call, one for every
 * destination), on the host or a GPU alike. */
#ifndef HETSCAL_KERNELS_ROW_LIST_H
#define HETSCAL_KERNELS_ROW_LIST_H

#include "device/device.h"

typedef struct hs_row_list {
    const void **from;
    void **to;
    int *lds, *ldd;
    int count, cap;
} hs_row_list;

/* Room for cap rows (0 or HETSCAL_ERR_NOMEM). */
int hs_row_list_init(hs_row_list *l, int cap);
void hs_row_list_free(hs_row_list *l);

/* Row from (lds apart) to row to (ldd apart); at most cap in all. */
void hs_row_list_add(hs_row_list *l, const void *from, int lds, void *to, int ldd);

/* The rows' copies of cols values each, in precision prec, on dev's
 * compute stream `stream` (device.h): one call per run of rows with the same leading
 * dimensions, in the order added (a row written by one call may be read
 * by a later one).  Empties the list; 0 or the first call's error. */
int hs_row_list_issue(hs_row_list *l, hs_device *dev, int stream, int prec, int cols);

#endif
