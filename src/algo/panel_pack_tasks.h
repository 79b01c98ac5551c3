/* The tasks that gather a panel's tiles into its buffer or scatter them
 * back (kernels/panel_pack.h), for the algorithms whose panels are
 * gathered on square tiles: the 2-D LU (algo/lu_grid.h) and QR's
 * gathered panels (algo/qr.h). */
#ifndef HETSCAL_ALGO_PANEL_PACK_TASKS_H
#define HETSCAL_ALGO_PANEL_PACK_TASKS_H

#include "layout/tile_geometry.h"
#include "runtime/dist.h"

typedef void (*hs_insert_fn)(void *ctx, const hs_task_spec *spec);

/* Inserts (insert(ctx, spec)) the tasks that copy panel k's tiles, from
 * its diagonal tile row down, into (gather) or out of buffer tile buf,
 * whose row 0 is row `base` of sub(A), a few tiles per task, at the
 * given priority, on the urgent streams (the panel's chain).  The first gather writes the buffer whole (W); the
 * others, and every scatter, access it RW. */
void hs_panel_pack_tasks(const hs_geometry *g, int k, int buf, int base, int gather,
                         int priority, hs_insert_fn insert, void *ctx);

/* Inserts the tasks that pack panel k's tiles of one process row, tile
 * rows r0, r0 + nprow, ... to the matrix's end, into buffer tile buf on
 * another process column (algo/strip_tasks.h): tile row r to the
 * buffer's rows from hs_strip_pack_row(r), a few tiles per task, the
 * first writing the buffer (W), the others RW; where the buffer lies
 * (the host, or an accelerator). */
void hs_panel_rows_pack_tasks(const hs_geometry *g, int k, int r0, int buf, int priority,
                              int urgent, hs_insert_fn insert, void *ctx);

/* The reverse: buf's rows back into those tiles (W; buf RW), for the
 * 2-D LU's spread panels (algo/lu_grid.c). */
void hs_panel_rows_unpack_tasks(const hs_geometry *g, int k, int r0, int buf, int priority,
                                int urgent, hs_insert_fn insert, void *ctx);

/* Packs panel k's tiles from tile row r0 down for the strips of every
 * other process column that holds a later column (algo/strip_tasks.h):
 * each process row's into its buffer there (pack buffers numbered from
 * tile `first`), at the given priority, urgent where the next panel's
 * column is. */
void hs_strip_pack_panel(const hs_geometry *g, int k, int r0, int first, int priority,
                         hs_insert_fn insert, void *ctx);

#endif
