/* A panel gathered from its tiles into one buffer and scattered back
 * (the 2-D LU and the gathered QR, algo/lu_grid.h and algo/qr.h): the
 * panel's tiles lie on several process rows, the buffer on the home of
 * its diagonal tile, where one LAPACK factorization then runs on the
 * whole panel.  Plain copies of the tiles' rows, where the buffer lives:
 * the host, or a GPU (the 2-D LU's device panels: one copy within its
 * memory per tile). */
#ifndef HETSCAL_KERNELS_PANEL_PACK_H
#define HETSCAL_KERNELS_PANEL_PACK_H

#include "runtime/engine.h"

/* off: the row of sub(A) that the buffer's row 0 stands for; row0: each
 * tile's first row in sub(A), in the order of its accesses (tile k + 1
 * goes to the buffer's rows from row0[k] - off). */
HS_KERNEL_ARGS(hs_panel_rows_args, off, row0[HS_GROUP_ACCESSES - 1])

/* - panel_gather: acc 0 the buffer (W or RW), 1.. panel tiles (R),
 *   copied into the buffer.
 * - panel_scatter: acc 0 the buffer (RW, unchanged), 1.. panel tiles
 *   (W), copied back from it. */
extern const hs_task_kind hs_kind_panel_gather, hs_kind_panel_scatter;

#endif
