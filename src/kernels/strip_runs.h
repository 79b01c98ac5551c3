/* Runs of a strip task's tiles (qr_vta_strip, qr_update_strip,
 * lu_grid_gemm_strip): a rank's tiles of one column that lie one below
 * the other in the caller's array, with the panel's tiles beside them, so
 * that one GEMM covers a run where tile-sized GEMMs ran well below the
 * rate of a large one. */
#ifndef HETSCAL_KERNELS_STRIP_RUNS_H
#define HETSCAL_KERNELS_STRIP_RUNS_H

#include "runtime/engine.h"

/* Whether handle b's rows lie just below handle a's in the caller's
 * array (in-place tiles of one column, the same leading dimension). */
static inline int hs_rows_follow(const hs_handle *a, const hs_handle *b)
{
    return a->in_place && b->in_place && a->ld == b->ld
           && (const char *)b->data == (const char *)a->data + (size_t)a->m * (size_t)a->esize;
}

/* The end of the run of a strip's tiles from i: tiles i.. whose
 * trailing tiles (accesses a0 + i ..) and panel tiles (p0 + i ..) both
 * follow one another, up to n; *rows: the run's rows. */
static inline int hs_strip_run(const hs_task *t, int a0, int p0, int n, int i, int *rows)
{
    int e = i + 1;
    *rows = t->acc[a0 + i].handle->m;
    while (e < n && hs_rows_follow(t->acc[a0 + e - 1].handle, t->acc[a0 + e].handle)
           && hs_rows_follow(t->acc[p0 + e - 1].handle, t->acc[p0 + e].handle))
        *rows += t->acc[a0 + e++].handle->m;
    return e;
}

#endif
