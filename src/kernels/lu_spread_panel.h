/* An LU panel factored where its rows lie: each member of a team (the
 * ranks of the panel's process column) holds some of the panel's rows and
 * factors them together with the others, exchanging one record per
 * column, instead of the panel being gathered on one rank, factored
 * there and scattered back (kernels/lu_grid_kernels.h).  What moves is
 * then a few rows a column, not the panel twice.
 *
 * The answer is the gathered panel's: partial pivoting as LAPACK's ?GETF2
 * takes it (the first largest |entry| from the diagonal down, |re| + |im|
 * for complex, as I?AMAX; rows compared in the panel's order, so the
 * lowest row wins a tie whichever member holds it), in steps of
 * HS_LU_SPREAD_IB columns whose columns halve recursively:
 *   - for each column j, every member offers its largest entry's row
 *     (whole, w values) and the member holding row j offers row j; the
 *     records are exchanged (every member receives every member's, in
 *     member order) and each member takes the same pivot from them, so
 *     that no member waits for another's decision: the pivot's row goes
 *     to row j and row j's to the pivot's place (full rows: L's part
 *     moves too, as ?GETRF leaves it) and the column below is scaled,
 *     each member on its own rows;
 *   - after a left half of columns (and at the end of a step, for the
 *     panel's columns right of it), every member has the half's pivot
 *     rows (they travelled in the records) and solves their part right
 *     of the half with its unit lower triangle, identically; the members
 *     holding those rows write the solution (U12), and every member
 *     updates its rows below with one GEMM.
 * A panel holding a NaN or an infinity (any member's rows: their flags
 * are exchanged first) takes ScaLAPACK's own search (lu_pivot_search.h)
 * instead, on the whole panel that every member then gathers: rare, and
 * exactly P?GETRF's.
 *
 * Every member gets all the pivots and INFO. */
#ifndef HETSCAL_KERNELS_LU_SPREAD_PANEL_H
#define HETSCAL_KERNELS_LU_SPREAD_PANEL_H

#include <stddef.h>

#include "device/device.h"
#include "kernels/lu_pivot_search.h"

/* The step's width, and the most members a team may have (their
 * first records live on the stack). */
enum { HS_LU_SPREAD_IB = 32, HS_LU_SPREAD_MAX_MEMBERS = 1024 };

/* How the members exchange: allgather gives every member's `bytes` from
 * mine (the same size on all) in all[member * bytes], in member order,
 * and returns 0, or an error that every member then returns too. */
typedef struct hs_lu_spread_team {
    int members, me;
    int (*allgather)(void *ctx, const void *mine, void *all, size_t bytes);
    void *ctx;
} hs_lu_spread_team;

/* A member's rows: m of them, row[i] the panel row (0: the panel's
 * diagonal) of its local row i, increasing; the panel has m_all rows and
 * w columns.  dist and caller: the caller's row distribution with the
 * panel's diagonal at IA (and where its local arrays lie, or NULL), for
 * ScaLAPACK's search. */
typedef struct hs_lu_spread_rows {
    int m, m_all, w;
    int status;          /* 0, or an error the member brings (no memory
                            for its part, an input that failed): its first
                            record says so, and every member returns it */
    const int *row;
    const hs_lu_rows *dist;
    const hs_lu_caller *caller;
    /* Where a lies: NULL, the host; else that accelerator's memory, the
     * member's work there on `stream` (a compute stream), issued and
     * waited for by the calling thread (kernels/lu_spread_device.h) */
    hs_device *device;
    int stream;
} hs_lu_spread_rows;

/* Factors the member's rows of precision prec (util/precision.h) in a
 * (ld apart); piv as a pivot tile holds them (INFO at HS_LU_PIV_INFO,
 * min(m_all, w) pivots from HS_LU_PIV_HEAD, 1-based from the diagonal).
 * 0, HETSCAL_ERR_NOMEM (its scratch: every member then fails, since the
 * records it would have sent say so), or the exchange's error. */
int hs_lu_spread_panel(int prec, void *a, int ld, const hs_lu_spread_rows *rows,
                       const hs_lu_spread_team *team, int *piv);

/* Bytes of one member's record for a w-wide panel of esize-byte values. */
size_t hs_lu_spread_record_bytes(int w, int esize);

#endif
