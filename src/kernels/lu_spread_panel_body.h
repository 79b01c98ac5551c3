/* The spread LU panel of one precision (see lu_spread_panel.h;
 * kernels/lu_spread_panel.c instantiates it once per precision). */

#include "kernels/lu_pivot_search_body.h"

/* A record's rows after its head (SPREAD_HEAD doubles, lu_spread_panel.c). */
static HS_T *HS_SFX(spread_offer)(double *rec)
{
    return (HS_T *)(rec + SPREAD_HEAD);
}

static HS_T *HS_SFX(spread_diag)(double *rec, int w)
{
    return (HS_T *)(rec + SPREAD_HEAD) + w;
}

typedef struct HS_SFX(spread) {
    HS_T *a;
    int ld, m, w;
    const int *row;
    const hs_lu_spread_team *team;
    size_t rec_doubles;
    double *mine, *all;   /* this member's record, everyone's */
    HS_T *u;              /* the step's pivot rows, w values each */
    HS_T *l11, *u12;      /* the step's unit lower triangle and U12 */
    hs_lu_spread_dev *dev;   /* a's device (lu_spread_device.h), or NULL */
    int dev_err;             /* its failure, sent with the next record */
} HS_SFX(spread);

/* The member's first local row at or below panel row r. */
static int HS_SFX(spread_first)(const HS_SFX(spread) *x, int r)
{
    int lo = 0, hi = x->m;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (x->row[mid] < r)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void HS_SFX(spread_row_out)(const HS_SFX(spread) *x, int i, HS_T *to)
{
    for (int c = 0; c < x->w; c++)
        to[c] = x->a[i + (size_t)c * x->ld];
}

static void HS_SFX(spread_row_in)(HS_SFX(spread) *x, int i, const HS_T *from)
{
    for (int c = 0; c < x->w; c++)
        x->a[i + (size_t)c * x->ld] = from[c];
}

/* Column j's offer on a device: the search below row s, then the offered
 * row and the diagonal row (when held) into the record. */
static int HS_SFX(spread_dev_offer)(HS_SFX(spread) *x, int s, int j, int holds, int *at)
{
    int found = -1, err = hs_lu_spread_dev_search(x->dev, x->a + s + (size_t)j * x->ld,
                                                  x->m - s, &found);
    *at = found >= 0 ? s + found : -1;
    if (!err && *at >= 0)
        err = hs_lu_spread_dev_row_out(x->dev, x->a + *at, x->ld, x->w,
                                       HS_SFX(spread_offer)(x->mine));
    if (!err && holds && *at != s)
        err = hs_lu_spread_dev_row_out(x->dev, x->a + s, x->ld, x->w,
                                       HS_SFX(spread_diag)(x->mine, x->w));
    /* Also with nothing offered: the previous column's copy of the
     * records must be done before the exchange writes over them. */
    if (!err)
        err = hs_lu_spread_dev_wait(x->dev);
    if (!err && holds && *at == s)
        memcpy(HS_SFX(spread_diag)(x->mine, x->w), HS_SFX(spread_offer)(x->mine),
               (size_t)x->w * sizeof(HS_T));
    return err;
}

/* The column's `rows` values divided by a pivot below the safe minimum
 * (?GETF2's division, not a multiplication by an overflowing inverse):
 * on a device through the host, a rare case. */
static int HS_SFX(spread_divide)(HS_SFX(spread) *x, HS_T *col, int rows, HS_T pivot)
{
    if (rows <= 0)
        return 0;
    HS_T *c = col;
    if (x->dev) {
        c = hs_lu_spread_dev_host_alloc(x->dev, (size_t)rows * sizeof(HS_T));
        int err = !c ? HETSCAL_ERR_NOMEM
                     : hs_lu_spread_dev_block(x->dev, HS_COPY_D2H, rows, 1, col, rows, c, rows);
        if (!err)
            err = hs_lu_spread_dev_wait(x->dev);
        if (err) {
            hs_lu_spread_dev_host_free(x->dev, c);
            return err;
        }
    }
    for (int i = 0; i < rows; i++)
        c[i] /= pivot;
    if (!x->dev)
        return 0;
    int err = hs_lu_spread_dev_block(x->dev, HS_COPY_H2D, rows, 1, c, rows, col, rows);
    if (!err)
        err = hs_lu_spread_dev_wait(x->dev);
    hs_lu_spread_dev_host_free(x->dev, c);
    return err;
}

/* Column j's work on a device once the records are in (the pivot row pv
 * and the diagonal row dv in them; s and at_p: where this member holds
 * rows j and p, or -1): the records to the device, the interchange from
 * them, the step's pivot row taken from them (the diagonal row where the
 * pivot is zero), the column scaled. */
static int HS_SFX(spread_dev_column)(HS_SFX(spread) *x, int j, int k0, int s, int at_p,
                                     const HS_T *pv, const HS_T *dv, HS_T pivot, int divide,
                                     HS_T *col, int rows)
{
    hs_lu_spread_dev *d = x->dev;
    const HS_T *u = pivot != 0 ? pv : dv;
    int err = hs_lu_spread_dev_records_in(d, x->all);
    if (!err && pivot != 0 && s >= 0)
        err = hs_lu_spread_dev_row_copy(d, hs_lu_spread_dev_record(d, x->all, pv), 1, x->a + s,
                                        x->ld, x->w);
    if (!err && pivot != 0 && at_p >= 0)
        err = hs_lu_spread_dev_row_copy(d, hs_lu_spread_dev_record(d, x->all, dv), 1,
                                        x->a + at_p, x->ld, x->w);
    if (!err)
        err = hs_lu_spread_dev_take_row(d, j - k0, hs_lu_spread_dev_record(d, x->all, u));
    if (!err && pivot != 0 && divide)
        err = HS_SFX(spread_divide)(x, col, rows, pivot);
    else if (!err && pivot != 0)
        err = hs_lu_spread_dev_scale(d, j - k0, j, col, rows);
    return err;
}

/* Column j of the step from k0: this member's offer, the exchange, the
 * pivot (as every member takes it), the interchange and the scaling of
 * the column on this member's rows (every update from its left applied
 * before, spread_update). */
static int HS_SFX(spread_column)(HS_SFX(spread) *x, int j, int k0, int *ipiv, int *info)
{
    int s = HS_SFX(spread_first)(x, j), ld = x->ld, w = x->w;
    int holds = s < x->m && x->row[s] == j;
    HS_T *a = x->a;
    HS_R best = -1;
    int at = -1, err = 0;
    double *rec = x->mine;
    if (x->dev) {
        err = x->dev_err ? x->dev_err : HS_SFX(spread_dev_offer)(x, s, j, holds, &at);
        best = at >= 0 ? HS_SFX(amax_size)(HS_SFX(spread_offer)(rec)[j]) : -1;
    } else {
        for (int i = s; i < x->m; i++) {
            HS_R v = HS_SFX(amax_size)(a[i + (size_t)j * ld]);
            if (v > best) {
                best = v;
                at = i;
            }
        }
        if (at >= 0)
            HS_SFX(spread_row_out)(x, at, HS_SFX(spread_offer)(rec));
        if (holds)
            HS_SFX(spread_row_out)(x, s, HS_SFX(spread_diag)(rec, w));
    }
    rec[SPREAD_BEST] = best;
    rec[SPREAD_ROW] = at >= 0 ? x->row[at] : -1;
    rec[SPREAD_HOLDS_DIAG] = holds;
    /* A device that failed still exchanges, its error in the record's
     * place of the offer, so that no member waits for it. */
    if (err)
        rec[SPREAD_BEST] = 0, rec[SPREAD_ROW] = (double)err - 1;
    int xerr = x->team->allgather(x->team->ctx, rec, x->all, x->rec_doubles * sizeof(double));
    if (xerr)
        return xerr;
    for (int q = 0; q < x->team->members; q++) {
        double rq = x->all[(size_t)q * x->rec_doubles + SPREAD_ROW];
        if (rq < -1)   /* a member's device failed: every member stops */
            return (int)rq + 1;
    }

    /* The largest offer, the lowest row among equals: the first largest
     * of the whole column, whichever member holds it. */
    HS_R top = -1;
    int p = -1;
    const HS_T *pv = NULL, *dv = NULL;
    for (int q = 0; q < x->team->members; q++) {
        double *r = x->all + (size_t)q * x->rec_doubles;
        if (r[SPREAD_HOLDS_DIAG] != 0)
            dv = HS_SFX(spread_diag)(r, w);
        int rq = (int)r[SPREAD_ROW];
        HS_R bq = (HS_R)r[SPREAD_BEST];
        if (rq >= 0 && (bq > top || (bq == top && rq < p))) {
            top = bq;
            p = rq;
            pv = HS_SFX(spread_offer)(r);
        }
    }
    if (!dv)
        return HETSCAL_ERR_INTERNAL;   /* no member holds row j */
    if (!pv) {   /* every offer NaN: I?AMAX's answer, the first row */
        p = j;
        pv = dv;
    }
    ipiv[j] = p + 1;
    HS_T pivot = pv[j];
    int below = holds ? s + 1 : s, rows = x->m - below, one = 1;
    const HS_T *u = pivot != 0 ? pv : dv;
    HS_T *col = a + below + (size_t)j * ld;
    int divide = 0, at_p = p != j ? HS_SFX(spread_first)(x, p) : x->m;
    int has_p = at_p < x->m && x->row[at_p] == p;
    if (pivot != 0) {
        /* LAPACK's safe minimum (?LAMCH('S')): the smallest normal number */
        HS_R sfmin = sizeof(HS_R) == sizeof(float) ? FLT_MIN : DBL_MIN;
#if HS_COMPLEX
        divide = !(cabs(pivot) >= sfmin);
#else
        divide = !(fabs(pivot) >= sfmin);
#endif
        if (!x->dev) {
            if (holds)
                HS_SFX(spread_row_in)(x, s, pv);
            if (has_p)
                HS_SFX(spread_row_in)(x, at_p, dv);
            if (divide) {
                err = HS_SFX(spread_divide)(x, col, rows, pivot);
            } else if (rows > 0) {
                HS_T scale = 1 / pivot;
                HS_F(scal)(&rows, &scale, col, &one);
            }
        }
    } else if (*info == 0) {
        *info = j + 1;
    }
    memcpy(x->u + (size_t)(j - k0) * w, u, (size_t)w * sizeof(HS_T));
    if (x->dev) {
        /* An error here reaches the others with the next record (or, after
         * the last one, the call's status): this member keeps exchanging. */
        if (!err)
            err = HS_SFX(spread_dev_column)(x, j, k0, holds ? s : -1, has_p ? at_p : -1, pv, dv,
                                            pivot, divide, col, rows);
        x->dev_err = err;
    }
    return 0;
}

/* spread_update on a device: U12 solved from the step's pivot rows there
 * (hs_lu_spread_dev_solve), written into the pivot rows this member
 * holds, and the member's rows below them updated. */
static void HS_SFX(spread_dev_update)(HS_SFX(spread) *x, int k0, int a, int c, int b)
{
    hs_lu_spread_dev *d = x->dev;
    int kb = c - a, n = b - c, ld = x->ld, r = a - k0;
    int err = x->dev_err;
    if (!err)
        err = hs_lu_spread_dev_solve(d, r, kb, a, c, n);
    int i = HS_SFX(spread_first)(x, a);
    for (; !err && i < x->m && x->row[i] < c; i++)
        err = hs_lu_spread_dev_row_copy(d, hs_lu_spread_dev_u12_row(d, r, x->row[i] - a, c),
                                        HS_LU_SPREAD_IB, x->a + i + (size_t)c * ld, ld, n);
    if (!err)
        err = hs_lu_spread_dev_update(d, r, kb, c, n, x->a + i + (size_t)a * ld,
                                      x->a + i + (size_t)c * ld, ld, x->m - i);
    x->dev_err = err;
}

/* After columns [a, c) of the step from k0, the columns [c, b) to their
 * right: U12 = L11^-1 A12 from the step's pivot rows (every member
 * alike, from the records), written into the rows [a, c) that this
 * member holds, then A22 -= L21 U12 on its rows below them.  Within the
 * step the columns halve recursively (spread_columns), so that the
 * columns' updates are products of the member's rows by a few columns
 * rather than a rank-1 update a column over the step's width, which
 * would read and write all its rows of the step a column; at the step's
 * end, b is the panel's width. */
static void HS_SFX(spread_update)(HS_SFX(spread) *x, int k0, int a, int c, int b)
{
    int kb = c - a, n = b - c, ld = x->ld, w = x->w;
    if (n <= 0 || kb <= 0)
        return;
    if (x->dev) {
        HS_SFX(spread_dev_update)(x, k0, a, c, b);
        return;
    }
    for (int r = 0; r < kb; r++) {
        const HS_T *u = x->u + (size_t)(a - k0 + r) * w;
        for (int q = 0; q < r; q++)
            x->l11[r + (size_t)q * kb] = u[a + q];
        for (int q = 0; q < n; q++)
            x->u12[r + (size_t)q * kb] = u[c + q];
    }
    HS_T one = 1, minus = -1;
    HS_F(trsm)("L", "L", "N", "U", &kb, &n, &one, x->l11, &kb, x->u12, &kb, 1, 1, 1, 1);
    int i = HS_SFX(spread_first)(x, a);
    for (; i < x->m && x->row[i] < c; i++)
        for (int q = 0; q < n; q++)
            x->a[i + (size_t)(c + q) * ld] = x->u12[x->row[i] - a + (size_t)q * kb];
    int mm = x->m - i;
    if (mm > 0)
        HS_F(gemm)("N", "N", &mm, &n, &kb, &minus, x->a + i + (size_t)a * ld, &ld, x->u12, &kb,
                   &one, x->a + i + (size_t)c * ld, &ld, 1, 1);
}

/* Columns [a, b) of the step from k0, recursively: the left half, its
 * update of the right half, the right half; a column alone is searched,
 * exchanged, interchanged and scaled (spread_column), every update from
 * its left already applied. */
static int HS_SFX(spread_columns)(HS_SFX(spread) *x, int k0, int a, int b, int *ipiv,
                                  int *info)
{
    if (b - a == 1)
        return HS_SFX(spread_column)(x, a, k0, ipiv, info);
    int c = a + (b - a) / 2;
    int err = HS_SFX(spread_columns)(x, k0, a, c, ipiv, info);
    if (!err) {
        HS_SFX(spread_update)(x, k0, a, c, b);
        err = HS_SFX(spread_columns)(x, k0, c, b, ipiv, info);
    }
    return err;
}

/* A panel with a NaN or an infinity somewhere: every member gathers the
 * whole panel, runs ScaLAPACK's search on it (identically) and keeps its
 * rows.  `most`: the most rows a member holds. */
static int HS_SFX(spread_scalapack)(HS_T *a, int ld, const hs_lu_spread_rows *rows,
                                    const hs_lu_spread_team *team, int most, int *piv)
{
    int w = rows->w, m_all = rows->m_all;
    /* a member's part: its rows' panel rows (as doubles), then its values
     * `most` apart */
    size_t part = (size_t)most + ((size_t)most * w * sizeof(HS_T) + sizeof(double) - 1) / sizeof(double);
    double *mine = malloc(part * sizeof(double));
    double *all = malloc(part * sizeof(double) * (size_t)team->members);
    HS_T *whole = malloc((size_t)m_all * w * sizeof(HS_T) + 1);
    /* Every member learns whether every other has its memory before
     * anyone gathers. */
    double ok = rows->status             ? rows->status
                : mine && all && whole ? 0
                                       : HETSCAL_ERR_NOMEM,
           oks[HS_LU_SPREAD_MAX_MEMBERS];
    int err = team->allgather(team->ctx, &ok, oks, sizeof(double));
    for (int q = 0; !err && q < team->members; q++)
        if (oks[q] != 0)
            err = (int)oks[q];
    if (!err) {
        HS_T *vals = (HS_T *)(mine + most);
        for (int i = 0; i < rows->m; i++) {
            mine[i] = rows->row[i];
            for (int c = 0; c < w; c++)
                vals[i + (size_t)c * most] = a[i + (size_t)c * ld];
        }
        for (int i = rows->m; i < most; i++)
            mine[i] = -1;
        err = team->allgather(team->ctx, mine, all, part * sizeof(double));
    }
    if (!err) {
        for (int q = 0; q < team->members; q++) {
            const double *their = all + (size_t)q * part;
            const HS_T *tv = (const HS_T *)(their + most);
            for (int i = 0; i < most && their[i] >= 0; i++)
                for (int c = 0; c < w; c++)
                    whole[(size_t)their[i] + (size_t)c * m_all] = tv[i + (size_t)c * most];
        }
        err = HS_SFX(lu_panel_scalapack)(whole, m_all, m_all, 0, w, rows->dist, rows->caller,
                                         piv + HS_LU_PIV_HEAD, piv + HS_LU_PIV_INFO);
    }
    if (!err)
        for (int i = 0; i < rows->m; i++)
            for (int c = 0; c < w; c++)
                a[i + (size_t)c * ld] = whole[rows->row[i] + (size_t)c * m_all];
    free(mine);
    free(all);
    free(whole);
    return err;
}

/* The member's rows on its device through the host (the rare panel with
 * a NaN or an infinity), or on the host. */
static int HS_SFX(spread_scalapack_at)(HS_SFX(spread) *x, const hs_lu_spread_rows *rows,
                                       int most, int *piv)
{
    if (!x->dev)
        return HS_SFX(spread_scalapack)(x->a, x->ld, rows, x->team, most, piv);
    int m = rows->m > 0 ? rows->m : 1;
    HS_T *host = hs_lu_spread_dev_host_alloc(x->dev, (size_t)m * (size_t)x->w * sizeof(HS_T));
    /* the copies' error, or the lack of memory, goes in with the
     * exchanges' first: every member learns of it there */
    hs_lu_spread_rows mine = *rows;
    int err = host ? hs_lu_spread_dev_block(x->dev, HS_COPY_D2H, rows->m, x->w, x->a, x->ld,
                                            host, m)
                   : HETSCAL_ERR_NOMEM;
    if (!err)
        err = hs_lu_spread_dev_wait(x->dev);
    mine.status = err;
    err = HS_SFX(spread_scalapack)(host, m, &mine, x->team, most, piv);
    if (!err)
        err = hs_lu_spread_dev_block(x->dev, HS_COPY_H2D, rows->m, x->w, host, m, x->a, x->ld);
    if (!err)
        err = hs_lu_spread_dev_wait(x->dev);
    hs_lu_spread_dev_host_free(x->dev, host);
    return err;
}

/* Host memory of the exchanges: pinned for a device member's copies. */
static void *HS_SFX(spread_alloc)(hs_lu_spread_dev *dev, size_t bytes)
{
    return dev ? hs_lu_spread_dev_host_alloc(dev, bytes) : malloc(bytes);
}

static void HS_SFX(spread_free)(hs_lu_spread_dev *dev, void *p)
{
    if (dev)
        hs_lu_spread_dev_host_free(dev, p);
    else
        free(p);
}

static int HS_SFX(lu_spread_panel)(HS_T *a, int ld, const hs_lu_spread_rows *rows,
                                   const hs_lu_spread_team *team, int *piv)
{
    int w = rows->w, kk = rows->m_all < w ? rows->m_all : w;
    hs_lu_spread_dev dev = { 0 };
    HS_SFX(spread) x = { .a = a, .ld = ld, .m = rows->m, .w = w, .row = rows->row,
                         .team = team, .dev = rows->device ? &dev : NULL,
                         .rec_doubles = hs_lu_spread_record_bytes(w, sizeof(HS_T))
                                        / sizeof(double) };
    int dev_err = x.dev ? hs_lu_spread_dev_open(&dev, rows->device, rows->stream, HS_P,
                                                rows->m, w,
                                                x.rec_doubles * sizeof(double)
                                                    * (size_t)team->members)
                        : 0;
    x.mine = HS_SFX(spread_alloc)(x.dev, x.rec_doubles * sizeof(double)
                                             * ((size_t)team->members + 1));
    x.u = malloc((size_t)HS_LU_SPREAD_IB * w * sizeof(HS_T));
    x.l11 = malloc((size_t)HS_LU_SPREAD_IB * HS_LU_SPREAD_IB * sizeof(HS_T));
    x.u12 = malloc((size_t)HS_LU_SPREAD_IB * w * sizeof(HS_T));
    x.all = x.mine ? x.mine + x.rec_doubles : NULL;

    /* Every member's memory, finiteness and rows, before any column. */
    int have = !rows->status && !dev_err && x.mine && x.u && x.l11 && x.u12, finite_rows = 0;
    if (have && x.dev)
        dev_err = hs_lu_spread_dev_finite(&dev, a, ld, rows->m, &finite_rows);
    else if (have)
        finite_rows = HS_SFX(panel_finite)(a, rows->m, ld, 0, w);
    double head[SPREAD_HEAD] = { rows->status ? rows->status
                                 : dev_err    ? dev_err
                                 : have       ? 0
                                              : HETSCAL_ERR_NOMEM,
                                 finite_rows, rows->m, 0 };
    double heads[SPREAD_HEAD * HS_LU_SPREAD_MAX_MEMBERS];
    int err = team->members > HS_LU_SPREAD_MAX_MEMBERS
                  ? HETSCAL_ERR_INTERNAL
                  : team->allgather(team->ctx, head, heads, sizeof head);
    int finite = 1, most = 0;
    for (int q = 0; !err && q < team->members; q++) {
        const double *h = heads + (size_t)q * SPREAD_HEAD;
        if (h[0] != 0)
            err = (int)h[0];
        finite = finite && h[1] != 0;
        most = most > (int)h[2] ? most : (int)h[2];
    }
    if (!err && !finite) {
        err = HS_SFX(spread_scalapack_at)(&x, rows, most, piv);
    } else if (!err) {
        int *ipiv = piv + HS_LU_PIV_HEAD, info = 0;
        for (int k0 = 0; !err && k0 < kk; k0 += HS_LU_SPREAD_IB) {
            int k1 = k0 + HS_LU_SPREAD_IB < kk ? k0 + HS_LU_SPREAD_IB : kk;
            err = HS_SFX(spread_columns)(&x, k0, k0, k1, ipiv, &info);
            if (!err)
                HS_SFX(spread_update)(&x, k0, k0, k1, w);
        }
        piv[HS_LU_PIV_INFO] = info;
        if (!err)
            err = x.dev_err;
    }
    if (x.dev)
        hs_lu_spread_dev_close(&dev);   /* waits for the copies from the records */
    HS_SFX(spread_free)(x.dev, x.mine);
    free(x.u);
    free(x.l11);
    free(x.u12);
    return err;
}
