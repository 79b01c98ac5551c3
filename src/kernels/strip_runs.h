/* Runs of a strip task's tiles (qr_vta_strip, qr_update_strip,
 * lu_grid_gemm_strip, Cholesky's gemm_strip): a rank's tiles of one
 * column that lie one below the other in the caller's array, with the
 * panel's tiles beside them, so that one GEMM covers a run where
 * tile-sized GEMMs ran well below the rate of a large one; and QR's
 * columns that lie side by side.  Tiles kept
 * transposed (the upper Cholesky factor's blocks) lie side by side
 * instead: a run then joins their columns. */
#ifndef HETSCAL_KERNELS_STRIP_RUNS_H
#define HETSCAL_KERNELS_STRIP_RUNS_H

#include "runtime/engine.h"

/* Whether handle b lies just below handle a (by_cols 0) or just right of
 * it (by_cols 1) in the caller's array (in-place tiles, the same leading
 * dimension). */
static inline int hs_tile_follows(const hs_handle *a, const hs_handle *b, int by_cols)
{
    size_t step = by_cols ? (size_t)a->n * (size_t)a->ld : (size_t)a->m;
    return a->in_place && b->in_place && a->ld == b->ld
           && (const char *)b->data == (const char *)a->data + step * (size_t)a->esize;
}

/* The end of the run of a strip's tiles from i: tiles i.. whose targets
 * (accesses a0 + i ..) and panel tiles (p0 + i ..; p0 < 0: the panel's
 * rows packed in one buffer, which always follow) both follow one
 * another, up to n; *len: the run's rows (by_cols: columns). */
static inline int hs_strip_run(const hs_task *t, int a0, int p0, int n, int i, int by_cols,
                               int *len)
{
    const hs_handle *h = t->acc[a0 + i].handle;
    int e = i + 1;
    *len = by_cols ? h->n : h->m;
    while (e < n && hs_tile_follows(t->acc[a0 + e - 1].handle, t->acc[a0 + e].handle, by_cols)
           && (p0 < 0
               || hs_tile_follows(t->acc[p0 + e - 1].handle, t->acc[p0 + e].handle,
                                  by_cols))) {
        h = t->acc[a0 + e++].handle;
        *len += by_cols ? h->n : h->m;
    }
    return e;
}

/* The end of the run of a strip's columns from c: columns c.. (n tile
 * rows each, column c's at accesses a0 + c n ..) whose every tile lies
 * just right of its row's tile in the column before, up to ncols; *width:
 * the run's columns.  With the rows of one column's run adjacent too, a
 * rectangle of them is one block of the caller's array. */
static inline int hs_strip_column_run(const hs_task *t, int a0, int n, int ncols, int c,
                                      int *width)
{
    int e = c + 1;
    *width = t->acc[a0 + c * n].handle->n;
    for (; e < ncols; e++) {
        int i = 0;
        while (i < n && hs_tile_follows(t->acc[a0 + (e - 1) * n + i].handle,
                                        t->acc[a0 + e * n + i].handle, 1))
            i++;
        if (i < n)
            break;
        *width += t->acc[a0 + e * n].handle->n;
    }
    return e;
}

/* Where a strip's panel rows lie: beside each target tile its own panel
 * tile (accesses p0 + i), or, packed, one buffer (access p0) whose rows
 * from row0 on hold the strip's tiles' rows one below the other. */
typedef struct hs_strip_panel {
    int p0, packed, row0;
} hs_strip_panel;

/* The panel rows beside target tile i (access a0 + i) and their leading
 * dimension.  Packed, tile i's rows start i tile heights below row0: the
 * strip's tiles are whole but perhaps the matrix's last, which comes
 * last. */
static inline void *hs_strip_panel_rows(const hs_task *t, hs_strip_panel p, int a0, int i,
                                        int *ld)
{
    if (!p.packed) {
        *ld = hs_task_ld(t, p.p0 + i);
        return hs_task_data(t, p.p0 + i);
    }
    const hs_handle *buf = t->acc[p.p0].handle;
    size_t row = (size_t)p.row0 + (size_t)i * (size_t)t->acc[a0].handle->m;
    *ld = buf->ld;
    return (char *)buf->data + row * (size_t)buf->esize;
}

/* hs_strip_run's p0 for such a panel. */
static inline int hs_strip_run_p0(hs_strip_panel p)
{
    return p.packed ? -1 : p.p0;
}

#endif
